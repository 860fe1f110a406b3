CREATE TABLE `chats` (
	`phone_id` integer NOT NULL,
	`jid` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'chat' NOT NULL,
	`last_text` text DEFAULT '' NOT NULL,
	`last_at` integer DEFAULT 0 NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`phone_id`, `jid`),
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chats_recent_idx` ON `chats` (`phone_id`,`last_at`);--> statement-breakpoint
CREATE TABLE `engine_auth` (
	`phone_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`phone_id`, `key`),
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `phone_status_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone_id` integer NOT NULL,
	`status` text NOT NULL,
	`message` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_status_log_phone_idx` ON `phone_status_log` (`phone_id`,`at`);--> statement-breakpoint
CREATE TABLE `phones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`type` text DEFAULT 'whatsapp' NOT NULL,
	`engine` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`number` text,
	`enabled` integer DEFAULT true NOT NULL,
	`sandbox` integer DEFAULT false NOT NULL,
	`partner_mode` text,
	`status` text DEFAULT 'creating...' NOT NULL,
	`state` text,
	`qr` text,
	`pairing_code` text,
	`me_name` text,
	`proxy` text,
	`proxy_region` text,
	`webhook` text,
	`ack_delivery` integer,
	`data` text DEFAULT '{}' NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`status_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phones_pid_idx` ON `phones` (`pid`);--> statement-breakpoint
CREATE INDEX `phones_qr_idx` ON `phones` (`qr`);--> statement-breakpoint
CREATE TABLE `phone_commands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone_id` integer NOT NULL,
	`kind` text NOT NULL,
	`args` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`result` text,
	`error` text,
	`error_code` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_commands_pending_idx` ON `phone_commands` (`status`,`phone_id`);--> statement-breakpoint
CREATE TABLE `phone_leases` (
	`phone_id` integer PRIMARY KEY NOT NULL,
	`runner_id` text NOT NULL,
	`lease_until` integer NOT NULL,
	`acquired_at` integer NOT NULL,
	`ready_at` integer,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_leases_runner_idx` ON `phone_leases` (`runner_id`);--> statement-breakpoint
CREATE TABLE `runners` (
	`id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`pid` integer NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer NOT NULL,
	`direction` text NOT NULL,
	`chat_id` text NOT NULL,
	`wa_id` text NOT NULL,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`content_hash` text,
	`ack` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_id_idx` ON `messages` (`id`);--> statement-breakpoint
CREATE INDEX `messages_queue_idx` ON `messages` (`phone_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `messages_chat_idx` ON `messages` (`phone_id`,`chat_id`,`seq`);--> statement-breakpoint
CREATE INDEX `messages_wa_idx` ON `messages` (`phone_id`,`wa_id`);--> statement-breakpoint
CREATE TABLE `sim_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner` text NOT NULL,
	`participants` text NOT NULL,
	`admins` text NOT NULL,
	`removed` text NOT NULL,
	`config` text NOT NULL,
	`suspended` integer DEFAULT false NOT NULL,
	`invite` text NOT NULL,
	`image` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sim_wire` (
	`wa_id` text PRIMARY KEY NOT NULL,
	`from_number` text NOT NULL,
	`to_jid` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`at` integer NOT NULL,
	`status_code` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	`response` text,
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery_idx` ON `webhook_attempts` (`delivery_id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer,
	`kind` text NOT NULL,
	`url` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_pid_idx` ON `webhook_deliveries` (`pid`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_url_idx` ON `webhook_deliveries` (`event_id`,`url`);--> statement-breakpoint
CREATE TABLE `group_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer NOT NULL,
	`group_id` text NOT NULL,
	`group_name` text DEFAULT '' NOT NULL,
	`subtype` text NOT NULL,
	`participant` text NOT NULL,
	`by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `group_events_pid_idx` ON `group_events` (`pid`,`phone_id`,`subtype`,`id`);--> statement-breakpoint
CREATE TABLE `logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `logs_pid_idx` ON `logs` (`pid`,`id`);--> statement-breakpoint
CREATE INDEX `logs_pid_type_idx` ON `logs` (`pid`,`type`,`id`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer,
	`mime` text NOT NULL,
	`filename` text NOT NULL,
	`size` integer NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_pid_idx` ON `media` (`pid`);--> statement-breakpoint
ALTER TABLE `products` ADD `webhook` text;--> statement-breakpoint
ALTER TABLE `products` ADD `ack_delivery` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `webhook_secret` text;