CREATE TABLE `number_bans` (
	`number` text PRIMARY KEY NOT NULL,
	`reason` text DEFAULT 'trial-abuse' NOT NULL,
	`staff_uid` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`staff_uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `number_bans_at_idx` ON `number_bans` (`at`);--> statement-breakpoint
CREATE INDEX `phones_number_idx` ON `phones` (`number`,`updated_at`);--> statement-breakpoint
CREATE INDEX `phones_status_idx` ON `phones` (`status`);--> statement-breakpoint
CREATE INDEX `phones_type_idx` ON `phones` (`type`);--> statement-breakpoint
CREATE INDEX `phones_sandbox_idx` ON `phones` (`sandbox`);--> statement-breakpoint
CREATE INDEX `checkouts_status_idx` ON `checkouts` (`status`,`created_at`);