//! Index maintenance inside transactions: games by chat, by player and by deadline.

use sled::transaction::{TransactionalTree, UnabortableTransactionError};

use crate::keys::{self, Activity, Key};
use crate::records::{GameHeader, Timestamp};

type TxResult = Result<(), UnabortableTransactionError>;

fn chat_key(header: &GameHeader, activity: Activity) -> Key {
    Key::new().chat(&header.chat).activity(activity).u64(header.id.number())
}

fn player_keys(header: &GameHeader, activity: Activity) -> Vec<Key> {
    header
        .players()
        .map(|p| Key::new().player(p).activity(activity).u64(header.id.number()))
        .collect()
}

/// Lists a new game under its chat and its players, as active.
pub fn add_game(
    by_chat: &TransactionalTree,
    by_player: &TransactionalTree,
    h: &GameHeader,
) -> TxResult {
    by_chat.insert(chat_key(h, Activity::Active).into_bytes(), &[])?;
    for key in player_keys(h, Activity::Active) {
        by_player.insert(key.into_bytes(), &[])?;
    }
    Ok(())
}

/// Moves a game from active to ended under its chat and its players.
pub fn end_game(
    by_chat: &TransactionalTree,
    by_player: &TransactionalTree,
    h: &GameHeader,
) -> TxResult {
    by_chat.remove(chat_key(h, Activity::Active).into_bytes())?;
    by_chat.insert(chat_key(h, Activity::Ended).into_bytes(), &[])?;
    for (active, ended) in
        player_keys(h, Activity::Active).into_iter().zip(player_keys(h, Activity::Ended))
    {
        by_player.remove(active.into_bytes())?;
        by_player.insert(ended.into_bytes(), &[])?;
    }
    Ok(())
}

/// Indexes a game written whole (an import): under its chat and players, active or ended as
/// its status says, and under its deadline while it is being played.
pub fn index_written_game(
    by_chat: &TransactionalTree,
    by_player: &TransactionalTree,
    deadlines: &TransactionalTree,
    h: &GameHeader,
) -> TxResult {
    add_game(by_chat, by_player, h)?;
    if !h.status.is_active() {
        end_game(by_chat, by_player, h)?;
    }
    move_deadline(deadlines, h.id.number(), None, crate::stored::due::due_at(h))
}

/// Moves a game's entry in the deadline index from `old` to `new`.
pub fn move_deadline(
    deadlines: &TransactionalTree,
    game_number: u64,
    old: Option<Timestamp>,
    new: Option<Timestamp>,
) -> TxResult {
    if old == new {
        return Ok(());
    }
    if let Some(at) = old {
        deadlines.remove(keys::deadline(at, game_number).into_bytes())?;
    }
    if let Some(at) = new {
        deadlines.insert(keys::deadline(at, game_number).into_bytes(), &[])?;
    }
    Ok(())
}
