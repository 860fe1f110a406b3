CREATE TABLE `campaign_recipients` (
	`campaign_id` text NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`phone_id` integer NOT NULL,
	`variables` text DEFAULT '{}' NOT NULL,
	`status` text NOT NULL,
	`msg_id` text,
	`error` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `seq`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_recipients_status_idx` ON `campaign_recipients` (`campaign_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_phone_idx` ON `campaign_recipients` (`campaign_id`,`phone_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `campaign_recipients_msg_idx` ON `campaign_recipients` (`msg_id`) WHERE msg_id is not null;--> statement-breakpoint
CREATE INDEX `campaign_recipients_reply_idx` ON `campaign_recipients` (`phone_id`,`number`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`pid` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`message` text NOT NULL,
	`phone_ids` text NOT NULL,
	`schedule_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`total` integer NOT NULL,
	`duplicates` integer DEFAULT 0 NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`n_pending` integer DEFAULT 0 NOT NULL,
	`n_queued` integer DEFAULT 0 NOT NULL,
	`n_sent` integer DEFAULT 0 NOT NULL,
	`n_delivered` integer DEFAULT 0 NOT NULL,
	`n_read` integer DEFAULT 0 NOT NULL,
	`n_replied` integer DEFAULT 0 NOT NULL,
	`n_failed` integer DEFAULT 0 NOT NULL,
	`n_opted_out` integer DEFAULT 0 NOT NULL,
	`n_invalid` integer DEFAULT 0 NOT NULL,
	`n_cancelled` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaigns_pid_idx` ON `campaigns` (`pid`,`created_at`);--> statement-breakpoint
CREATE INDEX `campaigns_due_idx` ON `campaigns` (`status`,`schedule_at`);--> statement-breakpoint
CREATE TRIGGER `campaign_recipients_counts` AFTER UPDATE OF `status` ON `campaign_recipients` WHEN OLD.`status` <> NEW.`status` BEGIN
	UPDATE `campaigns` SET
		`n_pending` = `n_pending` + (NEW.`status` = 'pending') - (OLD.`status` = 'pending'),
		`n_queued` = `n_queued` + (NEW.`status` = 'queued') - (OLD.`status` = 'queued'),
		`n_sent` = `n_sent` + (NEW.`status` = 'sent') - (OLD.`status` = 'sent'),
		`n_delivered` = `n_delivered` + (NEW.`status` = 'delivered') - (OLD.`status` = 'delivered'),
		`n_read` = `n_read` + (NEW.`status` = 'read') - (OLD.`status` = 'read'),
		`n_replied` = `n_replied` + (NEW.`status` = 'replied') - (OLD.`status` = 'replied'),
		`n_failed` = `n_failed` + (NEW.`status` = 'failed') - (OLD.`status` = 'failed'),
		`n_opted_out` = `n_opted_out` + (NEW.`status` = 'opted_out') - (OLD.`status` = 'opted_out'),
		`n_invalid` = `n_invalid` + (NEW.`status` = 'invalid') - (OLD.`status` = 'invalid'),
		`n_cancelled` = `n_cancelled` + (NEW.`status` = 'cancelled') - (OLD.`status` = 'cancelled')
	WHERE `id` = NEW.`campaign_id`;
END;
