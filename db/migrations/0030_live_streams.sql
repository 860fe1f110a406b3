CREATE TABLE `live_streams` (
	`id` text PRIMARY KEY NOT NULL,
	`pid` text NOT NULL,
	`holder` text NOT NULL,
	`email` text NOT NULL,
	`opened_at` integer NOT NULL,
	`seen_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_streams_holder_idx` ON `live_streams` (`pid`,`holder`,`seen_at`);--> statement-breakpoint
CREATE INDEX `live_streams_seen_idx` ON `live_streams` (`seen_at`);--> statement-breakpoint
ALTER TABLE `live_presence` ADD `chosen` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `live_presence` DROP COLUMN `streams`;--> statement-breakpoint
UPDATE `live_presence` SET `chosen` = `status` WHERE `status` <> 'offline';
