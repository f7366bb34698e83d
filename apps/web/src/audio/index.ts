export { playSound, configureSounds, loanSharkWarningSound, resolveSoundName, SOUND_RECIPES } from './soundEffects';
export type { SoundName } from './soundEffects';
