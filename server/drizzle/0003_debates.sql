CREATE TABLE `debate_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`alive_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `debate_participants` (
	`room_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`position` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`room_id`, `user_id`),
	FOREIGN KEY (`room_id`) REFERENCES `debate_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `debate_participants_user_idx` ON `debate_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `debate_rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`continent` text NOT NULL,
	`category` text NOT NULL,
	`format` text NOT NULL,
	`seconds_per_turn` integer NOT NULL,
	`turns_per_side` integer NOT NULL,
	`result_enabled` integer NOT NULL,
	`news_id` integer,
	`creator_id` integer NOT NULL,
	`status` text NOT NULL,
	`phase` text NOT NULL,
	`agree_number` integer DEFAULT 0 NOT NULL,
	`disagree_number` integer DEFAULT 0 NOT NULL,
	`neutral_number` integer DEFAULT 0 NOT NULL,
	`total_votes` integer DEFAULT 0 NOT NULL,
	`last_seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `debate_rooms_status_ended_idx` ON `debate_rooms` (`status`,`ended_at`);--> statement-breakpoint
CREATE INDEX `debate_rooms_phase_idx` ON `debate_rooms` (`phase`);--> statement-breakpoint
CREATE TABLE `room_events` (
	`room_id` text NOT NULL,
	`seq` integer NOT NULL,
	`at` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`v` integer NOT NULL,
	PRIMARY KEY(`room_id`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `debater_ratings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`rating_milli` integer NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
