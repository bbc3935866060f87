//! Vorcept in chat: from `seeds/vorcept.en.txt`, `seeds/vorcept.ru.txt`, rulings V1–V14 and
//! `docs/rules/vorcept.md`.

use super::{Page, Rulebook};
use crate::core::commands::t;

pub(super) static RULES: Rulebook = Rulebook {
    // Blocks are placed only during the setup (V2); nothing leaves blocks behind in play.
    summary: t!(
        "two players, Blue and Red, on a 9×9 board with a neutral black Pylon and a few blocks of each colour, all placed during the setup (drawn at random by default). Each player has a Host on the board and a reserve of Drones that jump 1–2, 1–3 or 1–4 cells. A turn is two actions by two different pieces: a move, or a summon of a Drone next to your Host. An enemy piece is captured when the piece you just brought next to it pinches it from two opposite sides or leaves it no empty neighbour. Win by capturing the enemy Host or by holding three sides of the Pylon.",
        "двое, Синие и Красные, на доске 9×9 с нейтральным чёрным Пилоном и несколькими блоками каждого цвета, которые ставятся при расстановке (по умолчанию — случайной). У каждого Хост на доске и резерв Дронов, прыгающих на 1–2, 1–3 или 1–4 клетки. Ход — два действия двумя разными фигурами: перемещение или призыв Дрона рядом со своим Хостом. Вражеская фигура взята, когда фигура, которую вы только что поставили рядом, зажимает её с двух противоположных сторон или не оставляет ей свободной соседней клетки. Победа — взять вражеского Хоста или занять три стороны Пилона."
    ),
    pages: &[
        Page {
            topic: "setup",
            aliases: &["расстановка", "начало"],
            about: t!("the Pylon, the blocks and the Hosts", "Пилон, блоки и Хосты"),
            // V2–V4; V1 for the board.
            text: t!(
                "setup (V2–V4).\n1. Blue places the Pylon on any cell.\n2. Starting with Red, the players take turns placing one block of their own colour, 4 each by default. A block may not touch the Pylon, may not touch a block of the other colour, and may not make a group of more than 3 connected blocks. A player with no legal cell skips.\n3. Blue places its Host, then Red: on an empty cell at least 2 steps from the Pylon, touching no block; Red's Host may not touch Blue's.\n\"Touching\" means sharing an edge: diagonal cells never touch. Blocks are placed only here; they never move and are never added during play. The other pieces wait in the reserve.\nWith setup=random (the default) the bot draws the whole setup from the game's seed: the Pylon near the centre but not on it, legal blocks, and the Hosts equally far from the Pylon (±1), at least 4 steps apart and off the edge. Blue then moves first. With setup=manual the steps above are played as actions: P@e5, B@c3, H@d2.",
                "расстановка (V2–V4).\n1. Синие ставят Пилон на любую клетку.\n2. Начиная с Красных, игроки по очереди ставят по одному блоку своего цвета, по умолчанию по 4. Блок не может касаться Пилона, не может касаться блока другого цвета и не может образовать цепочку больше чем из 3 блоков. Игрок без допустимой клетки пропускает.\n3. Синие ставят Хоста, затем Красные: на свободную клетку не ближе 2 шагов от Пилона, не касаясь блоков; Хост Красных не может касаться Хоста Синих.\n«Касаться» — иметь общую сторону: клетки по диагонали не касаются. Блоки ставятся только при расстановке; они не двигаются, и в игре новые не появляются. Остальные фигуры ждут в резерве.\nПри setup=random (по умолчанию) бот сам делает расстановку по зерну партии: Пилон у центра, но не в нём, допустимые блоки, Хосты на равном расстоянии от Пилона (±1), не ближе 4 шагов друг к другу и не у края. Затем первыми ходят Синие. При setup=manual шаги выше играются действиями: P@e5, B@c3, H@d2."
            ),
        },
        Page {
            topic: "turn",
            aliases: &["ход"],
            about: t!("two actions by two different pieces", "два действия двумя разными фигурами"),
            // V6–V7.
            text: t!(
                "a turn (V6, V7).\nBlue moves first. A turn is exactly two actions by two different pieces; you cannot skip one. An action is\n• a move of one of your pieces on the board that has not acted yet this turn, or\n• a summon: a Drone from your reserve goes onto an empty cell next to your Host; it counts as having acted.\nSo you may move the Host a step and then summon next to its new cell, summon twice, or move two different pieces. A summon may also come first and the Host move second. If you have no legal second action, the turn ends by itself.\nSend the turn whole (/move c3-c4 D1@c5) or one action at a time; /undo takes back a half-made turn.",
                "ход (V6, V7).\nПервыми ходят Синие. Ход — ровно два действия двумя разными фигурами; пропустить действие нельзя. Действие — это\n• перемещение вашей фигуры на доске, которая ещё не действовала в этом ходу, или\n• призыв: Дрон из резерва ставится на свободную клетку рядом с вашим Хостом и считается уже сходившим.\nМожно сдвинуть Хоста на клетку и призвать фигуру рядом с его новой клеткой, призвать двоих или сходить двумя разными фигурами. Призыв может быть и первым, а Хост пойти вторым. Если допустимого второго действия нет, ход заканчивается сам.\nХод можно прислать целиком (/move c3-c4 D1@c5) или по действию; /undo отменит незаконченный ход."
            ),
        },
        Page {
            topic: "moves",
            aliases: &["pieces", "фигуры", "движение"],
            about: t!("how the Host and the Drones move; summons", "как ходят Хост и Дроны; призыв"),
            // V8 (movement), V7 (summons), V5 (reserve).
            text: t!(
                "moving (V8).\nPieces move orthogonally in a straight line, never diagonally.\n• Host: steps 1 cell.\n• Drone-1: jumps 1–2 cells.\n• Drone-2: jumps 1–3 cells.\n• Drone-3: jumps 1–4 cells.\nA Drone may jump over pieces of either colour and over blocks, but never over the Pylon. Every piece lands on an empty cell: never on a block, the Pylon or another piece. Blocks and the Pylon never move.\nSummon (V7): instead of a move, put a Drone from your reserve on an empty cell next to your Host. The reserve is 4 Drone-1, 3 Drone-2 and 2 Drone-3 by default (V5); captured pieces never come back to it.\n/hint <cell> lists the legal actions of a piece.",
                "перемещение (V8).\nФигуры ходят по прямой по вертикали или горизонтали, никогда по диагонали.\n• Хост: шаг на 1 клетку.\n• Дрон-1: прыжок на 1–2 клетки.\n• Дрон-2: прыжок на 1–3 клетки.\n• Дрон-3: прыжок на 1–4 клетки.\nДрон может перепрыгивать фигуры любого цвета и блоки, но никогда — Пилон. Фигура всегда встаёт на свободную клетку: не на блок, не на Пилон и не на другую фигуру. Блоки и Пилон не двигаются.\nПризыв (V7): вместо перемещения поставьте Дрона из резерва на свободную клетку рядом со своим Хостом. В резерве по умолчанию 4 Дрона-1, 3 Дрона-2 и 2 Дрона-3 (V5); взятые фигуры в резерв не возвращаются.\n/hint <клетка> покажет допустимые действия фигуры."
            ),
        },
        Page {
            topic: "capture",
            aliases: &["captures", "взятие", "захват"],
            about: t!("pinching and walling in; your own walled-in pieces", "зажим и окружение; свои окружённые фигуры"),
            // V9 (what is examined, how), V10 (removal), V11 (own pieces).
            text: t!(
                "capturing (V9–V11), checked after every action.\nOnly enemy pieces next to the cell where your piece just arrived (moved or summoned) are examined. One is captured when\n(a) the two cells on opposite sides of it (north and south, or east and west) both hold your pieces — the rulebook's \"triangle on three sides\" is a case of this — or\n(b) every neighbour it has is filled: a piece of either colour, a block or the Pylon (at the edge there are fewer neighbours).\nA pinch that nothing arrived next to is not examined: stepping in between two enemy pieces is safe. Captured pieces leave at once and their cells are free for the rest of the turn (V10).\nThen your own pieces on or next to the arrival cell that have no empty neighbour are removed (V11): do not wall in your own piece. A piece between two enemies that still has an empty neighbour stays.",
                "взятие (V9–V11), после каждого действия.\nПроверяются только вражеские фигуры рядом с клеткой, куда только что пришла ваша фигура (перемещением или призывом). Фигура взята, если\n(а) две клетки по разные стороны от неё (север и юг или восток и запад) заняты вашими фигурами — «треугольник с трёх сторон» из правил частный случай этого, или\n(б) все её соседние клетки заняты: фигурой любого цвета, блоком или Пилоном (у края соседей меньше).\nЗажим, рядом с которым никто не пришёл, не проверяется: встать между двумя вражескими фигурами безопасно. Взятые фигуры снимаются сразу, их клетки свободны до конца хода (V10).\nЗатем снимаются ваши фигуры на клетке прихода и рядом с ней, у которых не осталось свободной соседней клетки (V11): не окружайте свои фигуры. Фигура между двумя врагами, у которой есть свободная соседняя клетка, остаётся."
            ),
        },
        Page {
            topic: "winning",
            aliases: &["win", "end", "победа", "конец"],
            about: t!("the Host and the Pylon", "Хост и Пилон"),
            // V12 (order of checks), V13 (no Pylon), V14 (fewer than three pieces).
            text: t!(
                "winning (V12–V14), checked after each action, in this order:\n1. you captured the enemy Host → you win;\n2. three or more of the Pylon's neighbours hold your pieces → you win (not with pylon_win=off; a Pylon on the edge needs all three of its neighbours, one in a corner cannot be held);\n3. your action walled in your own Host → you lose.\nWins come before the loss, and the game ends at once, even in the middle of a turn. With pylon=off there is no Pylon and the Host is the only target.\nHaving fewer than three pieces is not a loss, but when victory is out of reach the rulebook asks you to resign (/resign). /draw offers a draw.",
                "победа (V12–V14), проверяется после каждого действия в таком порядке:\n1. вы взяли вражеского Хоста → вы победили;\n2. на трёх или более соседних с Пилоном клетках стоят ваши фигуры → вы победили (кроме pylon_win=off; Пилону у края нужны все три соседние клетки, Пилон в углу занять нельзя);\n3. вашим действием окружён ваш же Хост → вы проиграли.\nПобеда проверяется раньше поражения, и партия заканчивается сразу, даже посреди хода. При pylon=off Пилона нет, и цель — только Хост.\nМеньше трёх фигур — не поражение, но если победить уже нельзя, правила просят сдаться (/resign). /draw — предложить ничью."
            ),
        },
        Page {
            topic: "notation",
            aliases: &["нотация", "запись"],
            about: t!("how to write the actions", "как записывать действия"),
            text: t!(
                "notation (letters in any case).\n• setup: P@e5 the Pylon, B@c3 a block, H@d2 the Host;\n• a move or jump: c3-c5;\n• a summon: D1@d4, D2@d4, D3@d4 (also S@d4, M@d4, L@d4).\nA turn is both actions on one line: /move c3-c4 D1@c5.\nOn the text board: H Host, S Drone-1, M Drone-2, L Drone-3, B block — upper case Blue, lower case Red; P the Pylon.",
                "нотация (буквы в любом регистре).\n• расстановка: P@e5 Пилон, B@c3 блок, H@d2 Хост;\n• перемещение или прыжок: c3-c5;\n• призыв: D1@d4, D2@d4, D3@d4 (или S@d4, M@d4, L@d4).\nХод — оба действия в одной строке: /move c3-c4 D1@c5.\nНа текстовой доске: H Хост, S Дрон-1, M Дрон-2, L Дрон-3, B блок — заглавные у Синих, строчные у Красных; P Пилон."
            ),
        },
    ],
};
