ALTER TABLE `phone_leases` ADD `generation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runners` ADD `address` text;