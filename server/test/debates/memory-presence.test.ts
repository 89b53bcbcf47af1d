import { memoryPresenceStore } from '../../src/debates/live/presence-store.js';
import { presenceContract } from './presence.contract.js';

presenceContract('in-process', async () => memoryPresenceStore());
