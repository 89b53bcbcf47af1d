-- nickname_key now holds the caseless confusable skeleton and nickname_skeleton the case-keeping one.
-- SQL has no TR39 mapping, so the server computes both for every row whose nickname_skeleton is NULL at
-- start-up (server/src/users/nickname-collisions.ts) and logs the rows that turn out to look alike.
DROP INDEX `users_nickname_key_uq`;--> statement-breakpoint
ALTER TABLE `users` ADD `nickname_skeleton` text;--> statement-breakpoint
CREATE INDEX `users_nickname_key_idx` ON `users` (`nickname_key`);--> statement-breakpoint
CREATE INDEX `users_nickname_skeleton_idx` ON `users` (`nickname_skeleton`);