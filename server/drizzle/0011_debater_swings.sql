CREATE TABLE `debater_swings` (
	`room_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`side` text NOT NULL,
	`swing` integer NOT NULL,
	`measured_at` integer NOT NULL,
	PRIMARY KEY(`room_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `debater_swings_user_idx` ON `debater_swings` (`user_id`);