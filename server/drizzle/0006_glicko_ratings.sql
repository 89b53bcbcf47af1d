CREATE TABLE `rating_changes` (
	`room_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`rated_at` integer NOT NULL,
	`side` text NOT NULL,
	`outcome` text NOT NULL,
	`rating_before` real NOT NULL,
	`rating` real NOT NULL,
	`deviation` real NOT NULL,
	`volatility` real NOT NULL,
	`games` integer NOT NULL,
	PRIMARY KEY(`room_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `rating_changes_user_idx` ON `rating_changes` (`user_id`,`rated_at`,`room_id`);--> statement-breakpoint
CREATE INDEX `rating_changes_order_idx` ON `rating_changes` (`rated_at`,`room_id`);--> statement-breakpoint
CREATE TABLE `rating_system` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_debater_ratings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`rating` real NOT NULL,
	`deviation` real NOT NULL,
	`volatility` real NOT NULL,
	`games` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- The Elo ratings are not carried over: start-up recomputes every rating from the room logs (docs/ratings.md).
DROP TABLE `debater_ratings`;--> statement-breakpoint
ALTER TABLE `__new_debater_ratings` RENAME TO `debater_ratings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `debater_ratings_ranking_idx` ON `debater_ratings` (`deviation`,`rating`);