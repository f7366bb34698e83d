// The tab bar follows the ARIA tabs pattern: one tab in the Tab order, the arrows (Home, End) move and select.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs } from './Tabs';

afterEach(cleanup);

function Bar() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a');
  return <Tabs tabs={[{ id: 'a', label: 'Weapons' }, { id: 'b', label: 'Armor' }, { id: 'c', label: 'Ammo' }]} selected={selected} onSelect={setSelected} label="Shop sections" />;
}

describe('Tabs', () => {
  it('keeps only the selected tab in the Tab order and moves with the arrows, Home and End', () => {
    render(<Bar />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect([tab('Weapons').tabIndex, tab('Armor').tabIndex, tab('Ammo').tabIndex]).toEqual([0, -1, -1]);
    tab('Weapons').focus();
    fireEvent.keyDown(tab('Weapons'), { key: 'ArrowRight' });
    expect(tab('Armor').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Armor'));
    fireEvent.keyDown(tab('Armor'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Ammo'));
    fireEvent.keyDown(tab('Ammo'), { key: 'ArrowRight' }); // wraps
    expect(tab('Weapons').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Weapons'), { key: 'ArrowLeft' });
    expect(tab('Ammo').getAttribute('aria-selected')).toBe('true');
  });
});
