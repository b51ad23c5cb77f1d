import * as ionicons from 'ionicons/icons';
import { describe, expect, it } from 'vitest';
import * as shellIcons from './shellIcons';

describe('the shell’s own copies of ionicons’ icons (docs/architecture.md#the-shell-and-navigation)', () => {
  it('are the icons the installed ionicons exports, to the letter', () => {
    for (const [name, icon] of Object.entries(shellIcons)) expect(icon, name).toBe(ionicons[name as keyof typeof ionicons]);
  });
});
