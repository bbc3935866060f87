//! The command handlers: one file per command family, each named by the command table
//! (`commands/catalog.rs`) and given the values it declared. `cmd_help` (help, games), `rules`
//! (the rules in chat, one file per game), `cmd_move` (move, undo), `cmd_view` (board, hint,
//! history, export, status), `cmd_page` (a personal link to the web board), `cmd_replay`
//! (replays), `cmd_suggest` (the AI's advice in an unrated game), `cmd_analyse` (a game
//! looked back on), `cmd_table` (resign, draw, takeback, rematch), `cmd_me` (mygames, top, rating,
//! settings with vacation; `cmd_comforts`, `cmd_weekend` and `cmd_digest` its correspondence
//! comforts), `cmd_admin` (void,
//! config), `cmd_tournament` (events and standings; `tournament_new` reads a new event;
//! `cmd_ladder` a ladder's challenges; `event_record` finds and changes an event for both), what
//! the platforms offer while a user types (`suggest`), and a game as the web board shows it
//! (`web_view`). Two helpers serve
//! only these handlers: `rating_scale` (a rating as shown) and `text_board` (a board in text).
//! Challenge commands live with the challenges (`challenges/`). Handlers change a game only
//! through the table's session (`table/`).

pub(super) mod cmd_admin;
pub(super) mod cmd_analyse;
pub(super) mod cmd_comforts;
pub(super) mod cmd_digest;
pub(super) mod cmd_help;
mod cmd_ladder;
pub(super) mod cmd_me;
pub(super) mod cmd_move;
pub(super) mod cmd_nudge;
pub(super) mod cmd_page;
pub(super) mod cmd_replay;
pub(super) mod cmd_suggest;
pub(super) mod cmd_table;
pub(super) mod cmd_tournament;
pub(super) mod cmd_view;
pub(super) mod cmd_weekend;
mod event_close;
mod event_options;
mod event_record;
pub(super) mod rating_scale;
pub(super) mod rules;
pub(super) mod suggest;
pub(super) mod text_board;
mod tournament_league;
mod tournament_league_new;
mod tournament_new;
pub(super) mod web_view;
