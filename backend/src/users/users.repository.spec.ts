import { User } from './user.entity';
import { toUser } from './users.repository';

describe('toUser', () => {
  const row = {
    id: '0b5f8d1e-1c2a-4d3b-9e4f-5a6b7c8d9e0f',
    username: 'Amina',
    email: 'amina@example.com',
    admin_name: 'amina',
    token_version: 3,
    created_at: new Date('2025-01-02T03:04:05Z'),
    updated_at: new Date('2025-02-03T04:05:06Z'),
  };

  it('maps the snake_case columns onto a User', () => {
    const user = toUser(row);
    expect(user).toBeInstanceOf(User);
    expect({ ...user }).toEqual({
      id: row.id,
      username: 'Amina',
      email: 'amina@example.com',
      adminName: 'amina',
      tokenVersion: 3,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  });

  it('gives each row an object of its own (handlers may not share one)', () => {
    expect(toUser(row)).not.toBe(toUser(row));
  });

  it('keeps a missing e-mail and admin name as null', () => {
    const user = toUser({ ...row, email: null, admin_name: null });
    expect(user.email).toBeNull();
    expect(user.adminName).toBeNull();
  });
});
