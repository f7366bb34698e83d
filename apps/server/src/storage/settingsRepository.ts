// Server settings that must outlive a restart, such as the generated Daily Run secret.
import type { StorageDatabase } from './database';
import type { SettingsRepository } from './port';

export function createSettingsRepository({ transaction }: StorageDatabase): SettingsRepository {
  return {
    getOrCreate(key, value) {
      return transaction(async (trx) => {
        // The first writer wins, across processes: a second insert does nothing and reads the first one's value.
        await trx.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
        const stored = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
        return stored.value;
      });
    },
  };
}
