import { describe, expect, it } from 'vitest';
import { presentCurrentUser } from '../../people/userPresenter.js';
import { User } from '../../people/userModel.js';

describe('models on the embedded database', () => {
  it('derives the name, lower-cases the email and enforces unique emails', async () => {
    const user = await User.create({ firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.test', passwordHash: 'x', role: 3 });
    expect(user.name).toBe('Ada Lovelace');
    expect(user.email).toBe('ada@example.test');
    expect(user.oracyLevel).toBe('Beginner');
    await expect(User.create({ firstName: 'A', lastName: 'B', email: 'ada@example.test', passwordHash: 'x' })).rejects.toMatchObject({ code: 11000 });
    expect(presentCurrentUser(user, 'Spanish')).toEqual({
      id: String(user._id),
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      role: 3,
      language: null,
      schoolLanguage: 'Spanish',
    });
    // @ts-expect-error the schema allows the three languages only
    await expect(User.create({ firstName: 'A', lastName: 'C', email: 'c@example.test', passwordHash: 'x', language: 'German' })).rejects.toMatchObject({ name: 'ValidationError' });
    expect(user.toJSON()).toMatchObject({ id: String(user._id) });
  });
});
