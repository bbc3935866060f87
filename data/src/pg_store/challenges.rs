//! Challenges in PostgreSQL: one row each with the columns of the chat and expiry indexes,
//! and their players in `challenge_players`.

use postgres::Transaction;

use super::client::{int, uint, Step};
use super::outbox::add_posts;
use super::PgStore;
use crate::error::StoreError;
use crate::ids::ChallengeId;
use crate::keys::Key;
use crate::records::{Challenge, ChatRef, NewChallenge, PlayerId, Timestamp};
use crate::stored::challenge::{check_update, is_unchanged, taken};
use crate::stored::codec::encode;
use crate::stored::{corrupt_record, decode_challenge};
use crate::ChallengePosts;

/// Writes a challenge and its index columns and players (insert or replace).
pub(super) fn write(tx: &mut Transaction<'_>, c: &Challenge) -> Result<(), postgres::Error> {
    let number = int(c.id.number());
    tx.execute(
        "INSERT INTO challenges (number, challenge, chat, expires) VALUES ($1, $2, $3, $4)
         ON CONFLICT (number) DO UPDATE SET challenge = excluded.challenge,
             chat = excluded.chat, expires = excluded.expires",
        &[&number, &encode(c), &Key::new().chat(&c.chat).into_bytes(), &int(c.expires.millis())],
    )?;
    tx.execute("DELETE FROM challenge_players WHERE number = $1", &[&number])?;
    let mut players: Vec<Vec<u8>> =
        c.players().into_iter().map(|p| Key::new().player(p).into_bytes()).collect();
    players.sort();
    players.dedup();
    for player in players {
        tx.execute(
            "INSERT INTO challenge_players (player, number) VALUES ($1, $2)",
            &[&player, &number],
        )?;
    }
    Ok(())
}

impl PgStore {
    pub(super) fn create_challenge_impl(
        &self,
        new: NewChallenge,
        posts: &ChallengePosts<'_>,
    ) -> Result<Challenge, StoreError> {
        let challenge = Challenge::from_new(ChallengeId::from_number(self.next_id()?), new);
        let posts = posts(&challenge);
        self.pool.transaction(&mut |tx| {
            write(tx, &challenge)?;
            add_posts(tx, &posts, challenge.created)?;
            Ok::<_, Step<StoreError>>(())
        })?;
        Ok(challenge)
    }

    pub(super) fn challenge_impl(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        let row = self.pool.get()?.query_opt(
            "SELECT challenge FROM challenges WHERE number = $1",
            &[&int(id.number())],
        )?;
        row.map(|r| {
            decode_challenge(id, r.get(0))
                .map_err(|e| corrupt_record(format_args!("challenge {id}"), e))
        })
        .transpose()
    }

    /// The readable challenges among `rows` of (number, challenge).
    fn readable(rows: &[postgres::Row]) -> Vec<Challenge> {
        rows.iter()
            .filter_map(|r| {
                decode_challenge(ChallengeId::from_number(uint(r.get(0))), r.get(1)).ok()
            })
            .collect()
    }

    pub(super) fn challenges_in_chat_impl(
        &self,
        chat: &ChatRef,
    ) -> Result<Vec<Challenge>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT number, challenge FROM challenges WHERE chat = $1 ORDER BY number",
            &[&Key::new().chat(chat).into_bytes()],
        )?;
        Ok(Self::readable(&rows))
    }

    pub(super) fn challenges_of_player_impl(
        &self,
        player: &PlayerId,
    ) -> Result<Vec<Challenge>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT c.number, c.challenge FROM challenge_players p
             JOIN challenges c ON c.number = p.number WHERE p.player = $1 ORDER BY c.number",
            &[&Key::new().player(player).into_bytes()],
        )?;
        Ok(Self::readable(&rows))
    }

    pub(super) fn update_challenge_impl(
        &self,
        current: &Challenge,
        next: &Challenge,
    ) -> Result<bool, StoreError> {
        check_update(current, next)?;
        self.pool.transaction(&mut |tx| {
            let row = tx.query_opt(
                "SELECT challenge FROM challenges WHERE number = $1 FOR UPDATE",
                &[&int(current.id.number())],
            )?;
            if !is_unchanged(row.map(|r| decode_challenge(current.id, r.get(0))), current) {
                return Ok(false);
            }
            write(tx, next)?;
            Ok::<_, Step<StoreError>>(true)
        })
    }

    pub(super) fn take_challenge_impl(
        &self,
        id: ChallengeId,
    ) -> Result<Option<Challenge>, StoreError> {
        // The players' rows go with it (ON DELETE CASCADE), readable or not.
        let row = self.pool.get()?.query_opt(
            "DELETE FROM challenges WHERE number = $1 RETURNING challenge",
            &[&int(id.number())],
        )?;
        taken(id, row.map(|r| decode_challenge(id, r.get(0))))
    }

    pub(super) fn expired_challenges_impl(
        &self,
        now: Timestamp,
    ) -> Result<Vec<ChallengeId>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT number FROM challenges WHERE expires <= $1 ORDER BY expires, number",
            &[&int(now.millis())],
        )?;
        Ok(rows.iter().map(|r| ChallengeId::from_number(uint(r.get(0)))).collect())
    }
}
