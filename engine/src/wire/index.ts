/** The wire vocabulary shared by server and web: destinations, message shapes, durations and their labels. */
export * from './destinations.js';
export * from './rooms.js';
export * from './native.js';
export * from './legacy.js';
export * from './durations.js';
export * from './ratings.js';
export * from './stance.js';
export * from './snapshot.js';
export * from './notifications.js';
export * from './members.js';
