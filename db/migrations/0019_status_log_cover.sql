DROP INDEX `phone_status_log_phone_idx`;--> statement-breakpoint
CREATE INDEX `phone_status_log_phone_idx` ON `phone_status_log` (`phone_id`,`at`,`status`);