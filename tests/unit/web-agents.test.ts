import { describe, expect, it } from 'vitest';
import { validateAgent } from '../../web/pages/agents/agent-form';
import { mayAddAgent, overLimit, type AgentList } from '../../web/stores/agents';

const owner = {
  uid: null,
  id: null,
  email: 'o@example.com',
  name: '',
  surname: '',
  owner: true,
  verified: true,
  chat: true,
};
const agent = (id: number) => ({ ...owner, uid: id, id, email: `a${id}@example.com`, owner: false });
const list = (limit: number, n: number): AgentList => ({
  agent_limit: limit,
  agents: [owner, ...Array.from({ length: n }, (_, i) => agent(i + 1))],
});

describe('agents screen rules', () => {
  it('blocks an add when the limit is at most the registered agents plus one (the owner)', () => {
    expect(mayAddAgent(list(1, 0))).toBe(false);
    expect(mayAddAgent(list(2, 0))).toBe(true);
    expect(mayAddAgent(list(2, 1))).toBe(false);
    expect(mayAddAgent(list(3, 1))).toBe(true);
    expect(overLimit(list(2, 1))).toBe(false);
    expect(overLimit(list(2, 2))).toBe(true);
  });

  it('validates the forms with the spec messages', () => {
    expect(validateAgent('add', { email: '', password: '', name: '', surname: '' })).toEqual({
      email: 'E-mail is required!',
      password: 'Password is required!',
    });
    expect(validateAgent('add', { email: 'x', password: '12345', name: '', surname: '' })).toEqual({
      email: 'E-mail is not valid!',
      password: 'Too Short, Must be 6 integer',
    });
    expect(validateAgent('update', { email: 'a@example.com', password: '', name: ' ', surname: '' })).toEqual({
      name: 'Name is required!',
      surname: 'Surname is required!',
    });
    expect(validateAgent('update', { email: 'a@example.com', password: '', name: 'A', surname: 'B' })).toEqual({});
  });
});
