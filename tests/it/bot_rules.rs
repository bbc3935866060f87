//! `/rules` through the core as a chat user meets it: the contents, a topic page, refusals
//! that name the topics, Russian, and no repository paths.

use crate::table::Table;

#[test]
fn a_chat_user_reads_the_rules_page_by_page_in_chat() {
    let table = Table::new("rules-pages");
    let cases = [
        ("/rules gridi", "Topics (/rules gridi <topic>):"),
        ("/rules gridi", "moves — Grid and squad"),
        ("/rules gridi moves", "Owl: up to 4 steps"),
        ("/rules vorcept setup", "Blocks are placed only here"),
        ("/rules poi combat", "Attacker strength = A + min(A, ATK)"),
        ("/rules yama capture", "pressed into a corner"),
        ("/rules yama options", "edge=off (default)"),
        ("/rules gridi nope", "Gridi has no rules topic `nope`: the topics are setup, turn"),
        ("/rules gridi moves extra", "I didn't expect `extra` here."),
        ("/rules setup", "I don't know the game `setup`"),
        ("/rules chess", "I don't know the game `chess`"),
    ];
    for (line, expected) in cases {
        let text = table.say("eve", line);
        assert!(text.contains(expected), "{line}: {text}");
        assert!(!text.contains("docs/rules"), "{line}: a path chat users cannot open: {text}");
        assert!(text.chars().count() <= 4096, "{line}: longer than a Telegram message");
    }
}

#[test]
fn the_rules_answer_in_russian_with_russian_topic_words() {
    let table = Table::new("rules-ru");
    table.russian.borrow_mut().push("dan".into());
    let cases = [
        ("/rules vorcept", "Темы (/rules vorcept <тема>):"),
        ("/rules vorcept расстановка", "Блоки ставятся только при расстановке"),
        ("/rules poi ресурсы", "Пакеты: до трёх за ход"),
        ("/rules gridi рокировка", "В правилах Гриди нет темы `рокировка`"),
    ];
    for (line, expected) in cases {
        let text = table.say("dan", line);
        assert!(text.contains(expected), "{line}: {text}");
    }
}
