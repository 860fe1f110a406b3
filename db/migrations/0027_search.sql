-- Search (issue 42): FTS5 over messages' text and notes, external content, kept by triggers.
-- A message's text is what GET /{pid}/searchMessages reads (a text's body, a caption, a link's title,
-- a poll's question); the view gives it to FTS5 for 'rebuild' and snippets. `pid` is indexed so a
-- search matches only the account's rows inside the index (`pid : "..." AND (...)`).
CREATE VIEW `messages_search_text` AS SELECT `seq`, `pid`, CASE WHEN json_valid(`body`) THEN coalesce(CASE WHEN `type` IN ('text', 'link', 'poll', 'buttons', 'edit') THEN json_extract(`body`, '$.message') END, '') || ' ' || coalesce(json_extract(`body`, '$.text'), '') || ' ' || coalesce(json_extract(`body`, '$.caption'), '') ELSE '' END AS `text` FROM `messages`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(`pid`, `text`, content='messages_search_text', content_rowid='seq', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `messages_fts` (`rowid`, `pid`, `text`) VALUES (NEW.`seq`, NEW.`pid`, CASE WHEN json_valid(NEW.`body`) THEN coalesce(CASE WHEN NEW.`type` IN ('text', 'link', 'poll', 'buttons', 'edit') THEN json_extract(NEW.`body`, '$.message') END, '') || ' ' || coalesce(json_extract(NEW.`body`, '$.text'), '') || ' ' || coalesce(json_extract(NEW.`body`, '$.caption'), '') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
	INSERT INTO `messages_fts` (`messages_fts`, `rowid`, `pid`, `text`) VALUES ('delete', OLD.`seq`, OLD.`pid`, CASE WHEN json_valid(OLD.`body`) THEN coalesce(CASE WHEN OLD.`type` IN ('text', 'link', 'poll', 'buttons', 'edit') THEN json_extract(OLD.`body`, '$.message') END, '') || ' ' || coalesce(json_extract(OLD.`body`, '$.text'), '') || ' ' || coalesce(json_extract(OLD.`body`, '$.caption'), '') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF `body`, `type`, `pid` ON `messages` BEGIN
	INSERT INTO `messages_fts` (`messages_fts`, `rowid`, `pid`, `text`) VALUES ('delete', OLD.`seq`, OLD.`pid`, CASE WHEN json_valid(OLD.`body`) THEN coalesce(CASE WHEN OLD.`type` IN ('text', 'link', 'poll', 'buttons', 'edit') THEN json_extract(OLD.`body`, '$.message') END, '') || ' ' || coalesce(json_extract(OLD.`body`, '$.text'), '') || ' ' || coalesce(json_extract(OLD.`body`, '$.caption'), '') ELSE '' END);
	INSERT INTO `messages_fts` (`rowid`, `pid`, `text`) VALUES (NEW.`seq`, NEW.`pid`, CASE WHEN json_valid(NEW.`body`) THEN coalesce(CASE WHEN NEW.`type` IN ('text', 'link', 'poll', 'buttons', 'edit') THEN json_extract(NEW.`body`, '$.message') END, '') || ' ' || coalesce(json_extract(NEW.`body`, '$.text'), '') || ' ' || coalesce(json_extract(NEW.`body`, '$.caption'), '') ELSE '' END);
END;
--> statement-breakpoint
INSERT INTO `messages_fts` (`messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `notes_fts` USING fts5(`text`, content='live_notes', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `notes_fts_insert` AFTER INSERT ON `live_notes` BEGIN
	INSERT INTO `notes_fts` (`rowid`, `text`) VALUES (NEW.`id`, NEW.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `notes_fts_delete` AFTER DELETE ON `live_notes` BEGIN
	INSERT INTO `notes_fts` (`notes_fts`, `rowid`, `text`) VALUES ('delete', OLD.`id`, OLD.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `notes_fts_update` AFTER UPDATE OF `text` ON `live_notes` BEGIN
	INSERT INTO `notes_fts` (`notes_fts`, `rowid`, `text`) VALUES ('delete', OLD.`id`, OLD.`text`);
	INSERT INTO `notes_fts` (`rowid`, `text`) VALUES (NEW.`id`, NEW.`text`);
END;
--> statement-breakpoint
INSERT INTO `notes_fts` (`notes_fts`) VALUES ('rebuild');
