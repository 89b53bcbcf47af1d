/**
 * The Lua scripts of presence across nodes (presence.ts): each changes a set and its indexes
 * atomically, so "first" and "last" hold however many nodes change the same user at once.
 */
import { luaScript } from './lua-script.js';

/** KEYS: the entry's set, its room index, the node's index. ARGV: the member. 1 when first. */
export const add = luaScript(`
local before = redis.call('SCARD', KEYS[1])
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[2], KEYS[1])
redis.call('SADD', KEYS[3], KEYS[1])
if before == 0 then return 1 end
return 0
`);

/** KEYS as for add. ARGV: the member, the node's prefix. 1 when the member was the last. */
export const remove = luaScript(`
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return 0 end
local last = 0
if redis.call('SCARD', KEYS[1]) == 0 then
  redis.call('SREM', KEYS[2], KEYS[1])
  last = 1
end
for _, m in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if string.sub(m, 1, #ARGV[2]) == ARGV[2] then return last end
end
redis.call('SREM', KEYS[3], KEYS[1])
return last
`);

/** KEYS: the room index. Deletes the room's sets and takes them out of every node's index. */
export const forgetRoom = luaScript(`
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, m in ipairs(redis.call('SMEMBERS', key)) do
    redis.call('SREM', 'pr-node:' .. string.match(m, '^([^/]*)/'), key)
  end
  redis.call('DEL', key)
end
redis.call('DEL', KEYS[1])
return 0
`);

/** KEYS: the dead node's index. ARGV: its prefix. Returns the sets it held the last members of. */
export const purgeNode = luaScript(`
local emptied = {}
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, m in ipairs(redis.call('SMEMBERS', key)) do
    if string.sub(m, 1, #ARGV[1]) == ARGV[1] then redis.call('SREM', key, m) end
  end
  if redis.call('SCARD', key) == 0 then
    redis.call('SREM', 'pr-room:' .. string.match(key, '^pr:(.*)|[^|]*|[^|]*$'), key)
    table.insert(emptied, key)
  end
end
redis.call('DEL', KEYS[1])
return emptied
`);
