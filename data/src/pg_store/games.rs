//! Games in PostgreSQL: create, load with the replay check, the chat, player and deadline
//! indexes, and the start-up check.

use postgres::GenericClient;

use super::client::{int, uint, Step};
use super::outbox::add_posts;
use super::PgStore;
use crate::error::{Problem, StoreError};
use crate::ids::GameId;
use crate::keys::{Activity, Key};
use crate::records::{ActionRecord, GameHeader, GameRecord, NewGame, Timestamp};
use crate::replay;
use crate::stored::codec::{decode, encode};
use crate::stored::due::due_at;
use crate::stored::new_game::{check_new_game, new_header};
use crate::stored::{corrupt, decode_header};

/// The index columns of a game: its chat, whether it is active, and when the clock next wants
/// it (`None` when it is over or paused).
pub fn index_columns(h: &GameHeader) -> (Vec<u8>, bool, Option<i64>) {
    let due = due_at(h).map(|t| int(t.millis()));
    (Key::new().chat(&h.chat).into_bytes(), h.status.is_active(), due)
}

/// The player keys of a game.
pub fn player_keys(h: &GameHeader) -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = h.players().map(|p| Key::new().player(p).into_bytes()).collect();
    keys.sort();
    keys.dedup();
    keys
}

/// Writes a game's header and index columns (insert or update).
pub fn write_header(tx: &mut impl GenericClient, h: &GameHeader) -> Result<(), postgres::Error> {
    let (chat, active, due) = index_columns(h);
    tx.execute(
        "INSERT INTO games (number, header, chat, active, due_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (number) DO UPDATE
         SET header = excluded.header, chat = excluded.chat, active = excluded.active,
             due_at = excluded.due_at",
        &[&int(h.id.number()), &encode(h), &chat, &active, &due],
    )?;
    Ok(())
}

impl PgStore {
    /// The next game or challenge number.
    pub(super) fn next_id(&self) -> Result<u64, StoreError> {
        let row = self.pool.get()?.query_one("SELECT nextval('tt_ids')", &[])?;
        Ok(uint(row.get(0)))
    }

    pub(super) fn create_game_impl(&self, new: NewGame) -> Result<GameHeader, StoreError> {
        check_new_game(&new)?;
        let id = match new.id {
            Some(id) => id,
            None => GameId::from_number(self.next_id()?),
        };
        let header = new_header(id, &new);
        self.pool.transaction(&mut |tx| {
            let taken = "SELECT 1 FROM games WHERE number = $1";
            if tx.query_opt(taken, &[&int(header.id.number())])?.is_some() {
                return Err(Step::Stop(StoreError::Invalid("game id already taken".into())));
            }
            write_header(tx, &header)?;
            for player in player_keys(&header) {
                tx.execute(
                    "INSERT INTO game_players (player, number) VALUES ($1, $2)",
                    &[&player, &int(header.id.number())],
                )?;
            }
            add_posts(tx, &new.posts, header.created)?;
            Ok::<_, Step<StoreError>>(())
        })?;
        Ok(header)
    }

    pub(super) fn header_impl(&self, id: GameId) -> Result<Option<GameHeader>, StoreError> {
        let row = self
            .pool
            .get()?
            .query_opt("SELECT header FROM games WHERE number = $1", &[&int(id.number())])?;
        row.map(|r| decode_header(id, r.get(0))).transpose()
    }

    pub(super) fn game_impl(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let mut conn = self.pool.get()?;
        // One snapshot for the header and its actions.
        let mut tx = conn
            .build_transaction()
            .read_only(true)
            .isolation_level(postgres::IsolationLevel::RepeatableRead)
            .start()?;
        let Some(row) =
            tx.query_opt("SELECT header FROM games WHERE number = $1", &[&int(id.number())])?
        else {
            return Ok(None);
        };
        let header = decode_header(id, row.get(0))?;
        let rows = tx.query(
            "SELECT idx, action FROM actions WHERE number = $1 AND idx < $2 ORDER BY idx",
            &[&int(id.number()), &int(header.action_count)],
        )?;
        tx.commit()?;
        let mut actions = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            if uint(row.get(0)) != expected as u64 {
                return Err(corrupt(id, format!("action {expected} is missing")));
            }
            actions.push(decode::<ActionRecord>(row.get(1)).map_err(|e| corrupt(id, e))?);
        }
        replay::check(&header, &actions).map_err(|e| corrupt(id, e))?;
        Ok(Some(GameRecord { header, actions }))
    }

    pub(super) fn games_in_chat_impl(
        &self,
        chat: &crate::records::ChatRef,
        which: Activity,
    ) -> Result<Vec<GameId>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT number FROM games WHERE chat = $1 AND active = $2 ORDER BY number",
            &[&Key::new().chat(chat).into_bytes(), &(which == Activity::Active)],
        )?;
        Ok(rows.iter().map(|r| GameId::from_number(uint(r.get(0)))).collect())
    }

    pub(super) fn games_of_player_impl(
        &self,
        player: &crate::records::PlayerId,
        which: Activity,
    ) -> Result<Vec<GameId>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT g.number FROM game_players p JOIN games g ON g.number = p.number
             WHERE p.player = $1 AND g.active = $2 ORDER BY g.number",
            &[&Key::new().player(player).into_bytes(), &(which == Activity::Active)],
        )?;
        Ok(rows.iter().map(|r| GameId::from_number(uint(r.get(0)))).collect())
    }

    /// Visits the active games due at `now` (every one with a deadline when `None`), earliest
    /// first, with the end of a claim on that due moment if one is held, until `visit` returns
    /// `false`. An entry whose header says otherwise (written behind the store's back) is
    /// corrected from the header, and the scan starts again after `restart`; an unreadable
    /// header is skipped (`check_games` reports it).
    pub(super) fn scan_due(
        &self,
        now: Option<Timestamp>,
        visit: &mut dyn FnMut(Timestamp, GameId, Option<Timestamp>) -> bool,
        restart: &mut dyn FnMut(),
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.get()?;
        let until = now.map_or(i64::MAX, |t| int(t.millis()));
        let mut after = (i64::MIN, i64::MIN);
        'scan: loop {
            let rows = conn.query(
                "SELECT due_at, number, header,
                        CASE WHEN claimed_due = due_at THEN claimed_until END
                 FROM games
                 WHERE due_at IS NOT NULL AND due_at <= $1 AND (due_at, number) > ($2, $3)
                 ORDER BY due_at, number LIMIT 64",
                &[&until, &after.0, &after.1],
            )?;
            if rows.is_empty() {
                return Ok(());
            }
            for row in &rows {
                let (at, number): (i64, i64) = (row.get(0), row.get(1));
                let id = GameId::from_number(uint(number));
                let bytes: &[u8] = row.get(2);
                match decode_header(id, bytes) {
                    Err(_) => {}
                    Ok(h) if index_columns(&h).2 == Some(at) => {
                        let claim = row.get::<_, Option<i64>>(3).map(|t| Timestamp(uint(t)));
                        if !visit(Timestamp(uint(at)), id, claim) {
                            return Ok(());
                        }
                    }
                    Ok(h) => {
                        let (chat, active, due_at) = index_columns(&h);
                        conn.execute(
                            "UPDATE games SET chat = $2, active = $3, due_at = $4
                             WHERE number = $1 AND header = $5",
                            &[&number, &chat, &active, &due_at, &bytes],
                        )?;
                        // The row may have moved anywhere in the order: start again (each
                        // correction fixes a row, so this ends).
                        restart();
                        after = (i64::MIN, i64::MIN);
                        continue 'scan;
                    }
                }
                after = (at, number);
            }
        }
    }

    pub(super) fn check_games_impl(&self) -> Result<Vec<Problem>, StoreError> {
        let numbers: Vec<i64> = self
            .pool
            .get()?
            .query("SELECT number FROM games ORDER BY number", &[])?
            .iter()
            .map(|r| r.get(0))
            .collect();
        let mut problems = Vec::new();
        for number in numbers {
            match self.game_impl(GameId::from_number(uint(number))) {
                Ok(_) => {}
                Err(StoreError::Corrupt(problem)) => problems.push(problem),
                Err(other) => return Err(other),
            }
        }
        self.check_other_records(&mut problems)?;
        Ok(problems)
    }

    pub(super) fn overwrite_raw_impl(
        &self,
        id: GameId,
        action: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.get()?;
        let number = int(id.number());
        match action {
            None => {
                conn.execute("UPDATE games SET header = $2 WHERE number = $1", &[&number, &bytes])?
            }
            Some(i) => conn.execute(
                "INSERT INTO actions (number, idx, action) VALUES ($1, $2, $3)
                 ON CONFLICT (number, idx) DO UPDATE SET action = excluded.action",
                &[&number, &int(i), &bytes],
            )?,
        };
        Ok(())
    }

    pub(super) fn read_raw_impl(
        &self,
        id: GameId,
        action: Option<u64>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let mut conn = self.pool.get()?;
        let number = int(id.number());
        let row = match action {
            None => conn.query_opt("SELECT header FROM games WHERE number = $1", &[&number])?,
            Some(i) => conn.query_opt(
                "SELECT action FROM actions WHERE number = $1 AND idx = $2",
                &[&number, &int(i)],
            )?,
        };
        Ok(row.map(|r| r.get(0)))
    }
}
