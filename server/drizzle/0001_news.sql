CREATE TABLE `news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`link` text NOT NULL,
	`canonical_link` text NOT NULL,
	`img_url` text,
	`news_type` text NOT NULL,
	`continent` text NOT NULL,
	`category` text NOT NULL,
	`delivery_time` integer NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`bookmark_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_canonical_link_uq` ON `news` (`canonical_link`);--> statement-breakpoint
CREATE INDEX `news_latest_idx` ON `news` (`delivery_time`,`id`);--> statement-breakpoint
CREATE INDEX `news_popular_idx` ON `news` (`like_count`,`id`);--> statement-breakpoint
CREATE INDEX `news_continent_latest_idx` ON `news` (`continent`,`delivery_time`,`id`);--> statement-breakpoint
CREATE INDEX `news_continent_popular_idx` ON `news` (`continent`,`like_count`,`id`);--> statement-breakpoint
CREATE INDEX `news_ranking_idx` ON `news` (`like_count`,`delivery_time`,`id`);--> statement-breakpoint
CREATE TABLE `news_bookmarks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`news_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_bookmarks_user_news_uq` ON `news_bookmarks` (`user_id`,`news_id`);--> statement-breakpoint
CREATE INDEX `news_bookmarks_news_idx` ON `news_bookmarks` (`news_id`);--> statement-breakpoint
CREATE INDEX `news_bookmarks_user_created_idx` ON `news_bookmarks` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `news_likes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`news_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_likes_user_news_uq` ON `news_likes` (`user_id`,`news_id`);--> statement-breakpoint
CREATE INDEX `news_likes_news_idx` ON `news_likes` (`news_id`);--> statement-breakpoint
CREATE INDEX `news_likes_user_created_idx` ON `news_likes` (`user_id`,`created_at`,`id`);