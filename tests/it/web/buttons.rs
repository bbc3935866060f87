//! The buttons that open the web board from chat posts (issue 28): on Telegram a `web_app`
//! button in private chats, the Mini App's direct link in groups when one is registered, else a
//! press that sends the presser their board privately; on Discord a press answered to the
//! presser alone with a link signed for them, which the API takes as them and nobody else.

use engine::AnyGame;
use serde_json::Value;

use super::http::request;
use super::{move_body, start, start_app, state_path};
use crate::discord::{gridi_started, start_with as start_discord};
use crate::fake_discord::{ALICE as DC_ALICE, BOB as DC_BOB};
use crate::fake_telegram::{press, private, Call, Fake, ALICE, BOB, BOT_NAME, GROUP};
use crate::telegram::{fresh_dir, start_gridi_by, start_with};

/// The "Open board" buttons among `call`'s.
fn open_buttons(call: &Call) -> Vec<Value> {
    call.keyboard().into_iter().filter(|b| b["text"] == "Open board").collect()
}

/// The first board posted to `chat`.
fn first_board(calls: &[Call], chat: i64) -> &Call {
    calls
        .iter()
        .find(|c| c.method == "sendPhoto" && c.text("chat_id") == chat.to_string())
        .expect("a board posted")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_board_opens_the_page_by_a_press_that_answers_the_presser_privately() {
    let (bot, _) = start("buttons").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let calls = bot.fake.wait_for("the board", |c| c.iter().any(|c| c.method == "sendPhoto")).await;
    let board = first_board(&calls, GROUP.chat);
    let page = format!("/page {}", h.id);
    assert_eq!(open_buttons(board).len(), 1, "{:?}", board.keyboard());
    assert_eq!(open_buttons(board)[0]["callback_data"], page.as_str(), "a press, naming nobody");

    let before = bot.fake.calls().len();
    bot.act(press(GROUP, BOB, &page), 1).await;
    let after = bot.fake.calls()[before..].to_vec();
    let posts: Vec<&Call> = after.iter().filter(|c| c.is_post()).collect();
    assert_eq!(posts.len(), 1, "one private message and nothing in the group");
    assert_eq!(posts[0].text("chat_id"), BOB.id.to_string(), "to the presser's private chat");
    let app = &open_buttons(posts[0])[0]["web_app"]["url"];
    assert_eq!(app, &format!("http://127.0.0.1/g/{}", h.id), "Telegram vouches for Bob there");

    let shown = bot.say(private(ALICE), ALICE, &format!("/board {}", h.id), 1).await;
    let board = shown.iter().find(|c| c.method == "sendPhoto").expect("the board in private");
    assert_eq!(open_buttons(board)[0]["web_app"]["url"], format!("http://127.0.0.1/g/{}", h.id));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_board_links_to_the_registered_mini_app() {
    let (bot, _) = start_app("mini-app", Some("board")).await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let calls = bot.fake.wait_for("the board", |c| c.iter().any(|c| c.method == "sendPhoto")).await;
    let button = &open_buttons(first_board(&calls, GROUP.chat))[0];
    let direct = format!("https://t.me/{BOT_NAME}/board?startapp={}", h.id);
    assert_eq!(button["url"], direct.as_str(), "{button}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_web_board_no_post_links_to_one_and_page_says_so() {
    let bot = start_with(Fake::start().await, fresh_dir("no-web"), None).await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let calls = bot.fake.wait_for("the board", |c| c.iter().any(|c| c.method == "sendPhoto")).await;
    assert!(calls.iter().all(|c| open_buttons(c).is_empty()), "no button opens a page");
    let answer = bot.say(GROUP, ALICE, &format!("/page {}", h.id), 1).await;
    let said: String = answer.iter().filter(|c| c.is_post()).map(Call::body).collect();
    assert!(said.contains("not served"), "{said}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_press_gives_the_presser_alone_a_link_the_web_board_takes_as_them_only() {
    let secret = "a-discord-web-secret-0123456789abcdef";
    let env = [
        ("TABLETALK_WEB_URL", "http://127.0.0.1"),
        ("TABLETALK_WEB_SECRET", secret),
        ("TABLETALK_WEB_LISTEN", "127.0.0.1:0"),
    ];
    let bot = start_discord("web-link", &env).await;
    let h = gridi_started(&bot).await;
    let page = format!("/page {}", h.id);
    let boards: Vec<_> = bot.fake.calls().into_iter().filter(|c| c.has_picture()).collect();
    assert!(boards.iter().all(|c| c.buttons().contains(&page)), "every board has the press");
    let addr = *bot.web.as_ref().unwrap().get().expect("the web board listens");

    // Each player's press gives them their own link, shown to them alone.
    let mut links = Vec::new();
    for who in [DC_ALICE, DC_BOB] {
        let answer = bot.press(&who, &page).await;
        let callback = answer.iter().find(|c| c.is_callback()).unwrap();
        assert!(callback.ephemeral(), "for the presser alone: {:?}", callback.body);
        let components = &callback.body["data"]["components"][0]["components"][0];
        assert_eq!(components["style"], 5, "a link button: {components}");
        let url = components["url"].as_str().unwrap();
        let prefix = format!("http://127.0.0.1/g/{}#token=", h.id);
        let token = url.strip_prefix(&prefix).unwrap_or_else(|| panic!("{url}"));
        links.push((who, format!("Bearer {token}")));
    }
    let game = AnyGame::from_position(h.kind, &h.position).unwrap();
    let mover = h.seats[game.to_act().unwrap().index()].player().unwrap().user.clone();
    let action = game.legal_actions()[0].clone();
    let (to_act, waiting) = if mover == DC_ALICE.id.to_string() {
        (&links[0], &links[1])
    } else {
        (&links[1], &links[0])
    };
    for (who, bearer) in [to_act, waiting] {
        let seen = request(addr, "GET", &state_path(&h), Some(bearer), None).await;
        assert_eq!(seen.status, 200);
        let players = seen.json()["players"].as_array().unwrap().clone();
        let you: Vec<&str> = players
            .iter()
            .filter(|p| p["you"] == true)
            .filter_map(|p| p["name"].as_str())
            .collect();
        assert_eq!(you, [who.name], "the link is {}'s", who.name);
    }
    let path = format!("/api/games/{}/actions", h.id);
    let body = move_body(&action);
    let refused = request(addr, "POST", &path, Some(&waiting.1), Some(&body)).await;
    assert_eq!(refused.status, 403, "another player's link does not move for the player to act");
    let pictures =
        |calls: &[crate::fake_discord::Call]| calls.iter().filter(|c| c.has_picture()).count();
    let before = pictures(&bot.fake.calls());
    let played = request(addr, "POST", &path, Some(&to_act.1), Some(&body)).await;
    assert_eq!(played.status, 200, "{}", String::from_utf8_lossy(&played.body));
    bot.fake.wait_for("the page's move in the channel", |calls| pictures(calls) > before).await;
    bot.stop().await;
}
