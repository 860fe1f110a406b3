DROP INDEX `live_threads_created_idx`;--> statement-breakpoint
DROP INDEX `live_threads_closed_idx`;--> statement-breakpoint
CREATE INDEX `live_threads_created_idx` ON `live_threads` (`pid`,`created_at`,`first_response_at`,`first_responder`,`participants`);--> statement-breakpoint
CREATE INDEX `live_threads_closed_idx` ON `live_threads` (`pid`,`closed_at`,`created_at`,`closer`,`csat_rating`);