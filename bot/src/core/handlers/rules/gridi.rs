//! Gridi in chat: from `seeds/gridi.ru.txt`, rulings G1–G17 and `docs/rules/gridi.md`.

use super::{Page, Rulebook};
use crate::core::commands::t;

pub(super) static RULES: Rulebook = Rulebook {
    // G17: the centre reached unthreatened (a), a threat that cannot be lifted (b), an attack
    // on the Prince (c).
    summary: t!(
        "a duel of two fairy-tale armies on a 6×6 board with four trees. Each player's reserve holds a Prince, a Princess, an Owl, a Mortar and a squad of two Grids; the board starts empty. A turn is one thing: deploy from the reserve onto your home rank (K@c1), move (c2-c3), swap two neighbours, fire a Mortar, carry with the Owl, or pass. Pieces of the two players may never end a turn side by side, except the one just attacked. Win by bringing your Prince onto c3, c4, d3 or d4 where it is not under threat, or by threatening the enemy Prince so that no answer saves it.",
        "дуэль двух сказочных армий на доске 6×6 с четырьмя деревьями. В резерве у каждого Князь, Княжна, Филин, Мортира и отряд из двух Гридей; доска вначале пуста. Ход — что-то одно: выставить фигуру из резерва на свою первую горизонталь (K@c1), пойти (c2-c3), поменять местами двух соседей, выстрелить из Мортиры, перенести фигуру Филином или пропустить ход. Фигуры соперников не могут закончить ход рядом, кроме только что атакованной. Победа — привести своего Князя на c3, c4, d3 или d4 так, чтобы он не был под угрозой, или создать угрозу вражескому Князю, от которой не уйти."
    ),
    pages: &[
        Page {
            topic: "setup",
            aliases: &["board", "расстановка", "доска"],
            about: t!("the board, the trees, the reserves", "доска, деревья, резервы"),
            // G1 (board, home ranks), G2 (tree layouts), G3 (trees), G4 (reserves).
            text: t!(
                "the board and the armies (G1–G4).\nThe board is 6×6, a1–f6. Four trees stand on it for the whole game; the die (from the game's seed) picks one of six layouts, or option trees=1…6 picks one. Nothing stands on a tree, and only the Owl flies over one.\nEach player starts with everything in the reserve: Prince (K), Princess (Q), Owl (O), Mortar (M) and a squad of two Grids (G). The board starts empty. The first player deploys on rank 1 and moves first; the second deploys on rank 6. On your first turn you must deploy.\nOther line-ups (option army): beginner (Prince and squad), beginner-mortar, beginner-owl, or letters such as KOOG; coins=N limits both armies to N coins.",
                "доска и армии (G1–G4).\nДоска 6×6, a1–f6. На ней всю игру стоят четыре дерева; кубик (по зерну партии) выбирает одну из шести расстановок, или её задаёт параметр trees=1…6. На дерево встать нельзя, перелетать его может только Филин.\nВ начале все фигуры в резерве: Князь (K), Княжна (Q), Филин (O), Мортира (M) и отряд из двух Гридей (G). Доска пуста. Первый игрок выставляет фигуры на горизонталь 1 и ходит первым, второй — на горизонталь 6. Первым ходом нужно выставить фигуру.\nДругие составы (параметр army): beginner (Князь и отряд), beginner-mortar, beginner-owl или буквы, например KOOG; coins=N ограничивает обе армии N монетами."
            ),
        },
        Page {
            topic: "turn",
            aliases: &["ход"],
            about: t!("one action a turn; the forbidden results", "одно действие за ход; запрещённые ходы"),
            // G5 (a turn), G6 (forbidden results), G7 (swap), G16 (threat).
            text: t!(
                "a turn (G5–G7).\nPlayers alternate; a turn is exactly one of:\n• deploy one piece, or the squad on two neighbouring cells, from the reserve onto empty cells of your home rank;\n• one movement (see /rules gridi moves);\n• a swap of two of your pieces on neighbouring cells;\n• pass. Two passes in a row end the game in a draw.\nA turn may not end with\n(a) your own Prince under threat — unless the turn attacked the enemy Prince;\n(b) a piece of one player next to a piece of the other. The attacked piece is gone (or has changed sides) before this is judged, so an attack is legal when the attacker ends next to no other enemy piece. Mortars belong to nobody and may stand next to anything.\nA Prince is under threat when the opponent, moving next, could attack it: a strike, an Owl's raid or Mortar fire.",
                "ход (G5–G7).\nИгроки ходят по очереди; ход — ровно одно из:\n• выставить фигуру или отряд (на две соседние клетки) из резерва на свободные клетки своей первой горизонтали;\n• одно перемещение (см. /rules gridi moves);\n• поменять местами две свои фигуры на соседних клетках;\n• пропустить ход. Два пропуска подряд — ничья.\nХод не может закончиться так, что\n(а) ваш Князь под угрозой — если только этот ход не атаковал вражеского Князя;\n(б) фигура одного игрока стоит рядом с фигурой другого. Атакованная фигура к этому моменту снята (или перешла на вашу сторону), поэтому атака допустима, если атакующий не оказался рядом с другой вражеской фигурой. Мортиры ничьи и могут стоять рядом с кем угодно.\nКнязь под угрозой, если соперник следующим ходом может его атаковать: ударом, налётом Филина или выстрелом Мортиры."
            ),
        },
        Page {
            topic: "moves",
            aliases: &["pieces", "фигуры", "движение"],
            about: t!("Grid and squad, Prince, Owl, Princess, Mortar", "Гридь и отряд, Князь, Филин, Княжна, Мортира"),
            // G8 Grid and squad, G9 Mortar, G10 Prince, G12–G13 Owl, G14 Princess, G15.
            text: t!(
                "moving (G8–G15). Moves go to neighbouring cells (not diagonally); direction may change during a move.\n• Grid: 1 step to an empty cell. Squad: two neighbouring Grids may both step in one turn if they end on neighbouring cells.\n• Prince: up to 2 steps, through cells of your own pieces but not through trees, Mortars or enemy pieces; it ends on an empty cell.\n• Owl: up to 4 steps over anything, trees and pieces included, ending on an empty cell. Landing: it may carry one of your Grids, your Princess or a Mortar: it picks the piece up by passing over it and sets it down on a later empty cell of its path, keeping at least one step for itself.\n• Princess: never attacks. Her zone is every cell at most 2 steps away. She moves herself or one piece of her zone to an empty cell of her zone, or swaps two pieces of her zone — never a Prince, never the enemy Princess, never a piece standing in the enemy Princess's zone.\n• Mortar: neutral. You control it while one of your Grids is next to it and no enemy Grid is. A controlled Mortar fires (see capture), or moves with a Grid of yours next to it: one steps to an empty neighbouring cell and the other takes the cell it left, or the two swap.\nA piece that attacks moves no further that turn. /hint <cell> lists a piece's legal actions.",
                "перемещение (G8–G15). Ходят на соседние клетки (не по диагонали); направление в пути можно менять.\n• Гридь: 1 шаг на свободную клетку. Отряд: два соседних Гридя могут за ход шагнуть оба, если закончат на соседних клетках.\n• Князь: до 2 шагов, сквозь клетки своих фигур, но не сквозь деревья, Мортиры и вражеские фигуры; заканчивает на свободной клетке.\n• Филин: до 4 шагов над чем угодно, включая деревья и фигуры; садится на свободную клетку. Десант: он может перенести своего Гридя, свою Княжну или Мортиру — подобрать, пролетая над ней, и высадить на свободную клетку дальше по пути, оставив себе хотя бы шаг.\n• Княжна: не атакует. Её зона — все клетки не дальше 2 шагов. Она перемещает себя или одну фигуру своей зоны на свободную клетку зоны либо меняет местами две фигуры зоны — но никогда Князя, вражескую Княжну или фигуру в зоне вражеской Княжны.\n• Мортира: ничья. Вы управляете ею, пока рядом ваш Гридь и нет вражеского. Управляемая Мортира стреляет (см. capture) или ходит вместе с соседним вашим Гриднем: один шагает на свободную соседнюю клетку, другой занимает освободившуюся, или они меняются местами.\nАтаковавшая фигура в этот ход дальше не ходит. /hint <клетка> покажет допустимые действия фигуры."
            ),
        },
        Page {
            topic: "capture",
            aliases: &["attack", "attacks", "взятие", "атака"],
            about: t!("strikes, raids, Mortar fire, subjugation", "удар, налёт, выстрел, подчинение"),
            // G8 strike, G9 fire, G10 Prince's strike, G11 subjugation, G12 raid.
            text: t!(
                "attacks (G8–G12). An attacked piece is removed from the game.\n• Strike (Grid, Prince): step so that an enemy piece stands on the next cell straight ahead in the direction of your (last) step; the attacker stays where it stepped. Both Grids of a squad may strike.\n• Subjugation: an enemy piece the Prince strikes that has no other piece of its owner next to it changes sides instead of being removed.\n• Raid (Owl): end the flight on the cell of an enemy piece that has no other piece of its owner next to it, removing it. An Owl never attacks an Owl or a Mortar.\n• Fire (a controlled Mortar): removes any enemy piece, or any Mortar, exactly 3 steps away; trees and pieces in between do not matter. Only a Mortar can attack a Mortar.\nAttacks are not optional: a Grid or Prince ending with an enemy straight ahead strikes it.",
                "атаки (G8–G12). Атакованная фигура выбывает из игры.\n• Удар (Гридь, Князь): шагните так, чтобы вражеская фигура оказалась на следующей клетке прямо по направлению вашего (последнего) шага; атакующий остаётся там, куда шагнул. Оба Гридя отряда могут ударить.\n• Подчинение: вражеская фигура, по которой ударил Князь и рядом с которой нет других фигур её хозяина, переходит на вашу сторону, а не снимается.\n• Налёт (Филин): закончите полёт на клетке вражеской фигуры, рядом с которой нет других фигур её хозяина, — она снимается. Филин не атакует Филина и Мортиру.\n• Выстрел (управляемая Мортира): снимает любую вражескую фигуру или любую Мортиру ровно в 3 шагах; деревья и фигуры между ними не мешают. Мортиру может атаковать только Мортира.\nАтака не по желанию: Гридь или Князь, закончивший ход с врагом прямо впереди, бьёт его."
            ),
        },
        Page {
            topic: "winning",
            aliases: &["win", "end", "победа", "конец"],
            about: t!("the centre, a threat with no answer, a draw", "центр, угроза без ответа, ничья"),
            // G17 (a)–(c), G5 (double pass).
            text: t!(
                "winning (G17).\n(a) End your turn with your Prince on c3, c4, d3 or d4 — the forbidden results make this possible only where it is not under threat — and you win.\n(b) If your Prince is under threat at the start of your turn and no legal turn lifts the threat, you lose; the bot declares it as the turn begins.\n(c) Attacking the enemy Prince wins at once.\nTwo passes in a row are a draw. /draw offers a draw, /resign resigns.",
                "победа (G17).\n(а) Закончите ход своим Князем на c3, c4, d3 или d4 — запреты позволяют это только там, где он не под угрозой, — и вы победили.\n(б) Если в начале вашего хода ваш Князь под угрозой и ни один допустимый ход её не снимает, вы проиграли; бот объявляет это в начале хода.\n(в) Атака на вражеского Князя — сразу победа.\nДва пропуска подряд — ничья. /draw — предложить ничью, /resign — сдаться."
            ),
        },
        Page {
            topic: "notation",
            aliases: &["нотация", "запись"],
            about: t!("how to write the actions", "как записывать действия"),
            text: t!(
                "notation (letters in any case).\n• deploy: K@c1 Prince (Q Princess, O Owl, M Mortar); the squad: G@b1+c1;\n• a move, strike, raid or Princess's move: c2-c3 (the path is never written);\n• a pair move (squad, or a Mortar with its Grid): b1-b2+c1-c2;\n• a swap: c3=c4;\n• Mortar fire: c2*c5;\n• an Owl's carry — start, pick-up, drop, landing: a1-a2>a4-b4;\n• pass.\nOn the text board: K Q O G the first player's pieces, k q o g the second's, M a Mortar, * a tree.",
                "нотация (буквы в любом регистре).\n• выставить: K@c1 Князь (Q Княжна, O Филин, M Мортира); отряд: G@b1+c1;\n• ход, удар, налёт или перемещение Княжной: c2-c3 (путь не пишется);\n• парный ход (отряд или Мортира с Гриднем): b1-b2+c1-c2;\n• обмен местами: c3=c4;\n• выстрел Мортиры: c2*c5;\n• десант Филина — старт, где подобрать, где высадить, где сесть: a1-a2>a4-b4;\n• pass — пропуск хода.\nНа текстовой доске: K Q O G — фигуры первого игрока, k q o g — второго, M Мортира, * дерево."
            ),
        },
    ],
};
