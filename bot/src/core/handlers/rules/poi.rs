//! POI Control in chat: from `seeds/poi-control.ru.txt`, rulings P1–P12 and
//! `docs/rules/poi-control.md` (its decisions D1–D15).

use super::{Page, Rulebook};
use crate::core::commands::t;

pub(super) static RULES: Rulebook = Rulebook {
    summary: t!(
        "two to four players (Red, Blue, Green, Yellow) on a field of square tiles; each tile has four gates and a centre (b3n, b3c). Squads are dice of value 1–6: each player starts with five 6s on its start tile. Hold a tile's centre and the tile is yours: its bonus (attack, defence, arms or supplies) works for you. A turn runs through phases: squads (move, split, merge, attack), next, resources (ship them), next, build (new squads and reinforcements), end. A player with no squads is out; the last player left wins.",
        "от двух до четырёх игроков (Красные, Синие, Зелёные, Жёлтые) на поле из квадратных клеток; у каждой клетки четверо ворот и центр (b3n, b3c). Отряды — кубики со значением 1–6: у каждого в начале пять шестёрок на стартовой клетке. Держите центр клетки — и клетка ваша: её бонус (атака, защита, оружие или припасы) работает на вас. Ход идёт по фазам: отряды (движение, деление, слияние, атака), next, ресурсы (перевозка), next, пополнение (новые отряды и усиление), end. Игрок без отрядов выбывает; побеждает последний оставшийся."
    ),
    pages: &[
        Page {
            topic: "setup",
            aliases: &["field", "map", "поле", "карта", "расстановка"],
            about: t!("the field, tiles, slots and maps", "поле, клетки, слоты и карты"),
            // P1 (tiles, slots), P2 (adjacency), P3 (bonuses, maps), P4 (start); D1, D2.
            text: t!(
                "the field (P1–P4).\nThe field is square tiles named like chess squares (b3). Each tile has five slots: a gate on each edge — n, e, s, w — and the centre c: b3n, b3c. A slot holds at most one squad.\nNeighbouring slots: the centre and each gate of its tile; a gate and the facing gate of the next tile, door to door (b3e–c3w, b3n–b4s). Gates of one tile do not touch each other; a gate on the edge of the field leads nowhere.\nBonus tiles carry +X ATK, +X DEF, X ARM or X SUP (X from 1 to 3).\nEach player starts with five squads of value 6 filling its start tile, a bonus-free tile on the edge that the map fixes fairly. Maps (option map): duel for 2, triad for 3, cross for 2 or 4 (auto picks by the number of players), a fair map generated from the game's seed, or your own map text. Red moves first, then the seats in order.",
                "поле (P1–P4).\nПоле — квадратные клетки, названные как поля шахматной доски (b3). У каждой клетки пять слотов: ворота на каждой стороне — n, e, s, w — и центр c: b3n, b3c. В слоте не больше одного отряда.\nСоседние слоты: центр и любые ворота его клетки; ворота и ворота соседней клетки напротив, дверь к двери (b3e–c3w, b3n–b4s). Ворота одной клетки друг с другом не соседствуют; ворота на краю поля никуда не ведут.\nБонусные клетки: +X ATK, +X DEF, X ARM или X SUP (X от 1 до 3).\nУ каждого игрока в начале пять отрядов по 6 на всех слотах стартовой клетки — клетки без бонуса на краю, которую честно задаёт карта. Карты (параметр map): duel на 2, triad на 3, cross на 2 или 4 (auto выбирает по числу игроков), честная карта по зерну партии или своя карта текстом. Первыми ходят Красные, дальше по порядку мест."
            ),
        },
        Page {
            topic: "turn",
            aliases: &["phases", "ход", "фазы"],
            about: t!("the phases, next and end", "фазы, next и end"),
            // P7, P9–P11 for the phases; D5 (next/end), D6 (production).
            text: t!(
                "a turn, phase by phase. In each phase you may do anything from nothing up to the limit.\n1. Squads: up to three squad actions, each by a different squad (/rules poi moves, /rules poi combat).\n2. Resources: up to three packets (/rules poi resources).\n3. Production: automatic as the resource phase ends.\n4. Build: as many builds as your resources allow.\nnext ends the current phase; end ends the turn (production still happens if you skipped the resource phase). end may come at any moment, also first (a pass).\nA whole turn fits on one line: /move a1n-a2s 1:b1w-b1c next c1>b1:1a next +c1n end. A line is all or nothing: if one action is refused, none is played and the reply names it.",
                "ход по фазам. В каждой фазе можно сделать от нуля до предела.\n1. Отряды: до трёх действий отрядами, каждое другим отрядом (/rules poi moves, /rules poi combat).\n2. Ресурсы: до трёх пакетов (/rules poi resources).\n3. Производство: автоматически в конце фазы ресурсов.\n4. Пополнение: сколько позволяют ресурсы.\nnext заканчивает текущую фазу; end — весь ход (производство при этом всё равно будет, если фазу ресурсов пропустили). end можно написать когда угодно, даже первым (пропуск).\nВесь ход помещается в одну строку: /move a1n-a2s 1:b1w-b1c next c1>b1:1a next +c1n end. Строка играется целиком или никак: если одно действие отклонено, не играется ни одно, и ответ назовёт его."
            ),
        },
        Page {
            topic: "moves",
            aliases: &["squads", "отряды", "движение"],
            about: t!("moving, splitting and merging squads; control", "движение, деление и слияние отрядов; контроль"),
            // P5–P6 (control, bonuses), P7 (squad actions); D7 (each squad acts once), D8.
            text: t!(
                "squads and control (P5–P7).\nYou control a tile while one of your squads stands in its centre, even with enemy squads on its gates. Its bonus counts as min(X, value of that centre squad): a 3 SUP tile held by a 1 gives 1. Your ATK is the sum of your ATK tiles' counted bonuses, DEF likewise; they help every squad of yours, wherever it fights. Control changes at once, also mid-phase.\nA squad action moves a squad of yours that has not acted this turn to a neighbouring slot, or — inside a tile you control — to any slot of that tile.\n• Split: 2:b3n-b4s moves 2 of the squad; the rest stays. Both parts have acted.\n• Merge: moving onto your own squad adds the values (at most 6).\n• Attack: moving onto an enemy squad fights it (/rules poi combat).\nA squad that acted (moved, merged into, won a fight, or was left by a split) does not act again this turn.",
                "отряды и контроль (P5–P7).\nВы контролируете клетку, пока в её центре стоит ваш отряд, даже если на её воротах враги. Её бонус считается как min(X, значение отряда в центре): клетка 3 SUP под единицей даёт 1. Ваш ATK — сумма засчитанных бонусов ваших клеток ATK, DEF так же; они помогают любому вашему отряду, где бы он ни бился. Контроль меняется сразу, даже посреди фазы.\nДействие отряда: ваш отряд, ещё не действовавший в этом ходу, идёт на соседний слот или — внутри клетки, которую вы контролируете, — на любой слот этой клетки.\n• Деление: 2:b3n-b4s — идут 2 из отряда, остаток стоит. Обе части считаются сходившими.\n• Слияние: ход на свой отряд складывает значения (не больше 6).\n• Атака: ход на вражеский отряд — бой (/rules poi combat).\nОтряд, который уже действовал (ходил, принял слияние, выиграл бой или остался после деления), в этом ходу больше не действует."
            ),
        },
        Page {
            topic: "combat",
            aliases: &["capture", "fight", "бой", "атака"],
            about: t!("attack and defence, who survives", "атака и защита, кто выживает"),
            // P8; D9 (which bonuses count).
            text: t!(
                "combat (P8). Moving onto an enemy squad attacks it.\nAttacker strength = A + min(A, ATK); defender strength = D + min(D, DEF), where A is the value of the moving part, D the defender's value, ATK and DEF the two players' totals.\n• Attacker stronger: the defender is removed; the attacker keeps min(difference, A) and takes the slot.\n• Defender stronger: the moving part is removed; the defender keeps min(difference, D).\n• Equal: both are removed.\nExample from the rulebook: a 3 with +2 DEF attacked by a 3 with +1 ATK: (3+1) − (3+2) = −1, so the attacker is gone and the defender keeps 1.\nThe moving part has already left its slot: a squad leaving the centre of your ATK tile no longer gets that tile's bonus.",
                "бой (P8). Ход на вражеский отряд — атака.\nСила атакующего = A + min(A, ATK); сила защитника = D + min(D, DEF), где A — значение идущей части, D — значение защитника, ATK и DEF — суммы бонусов игроков.\n• Сильнее атакующий: защитник снят; атакующий сохраняет min(разница, A) и занимает слот.\n• Сильнее защитник: идущая часть снята; защитник сохраняет min(разница, D).\n• Поровну: сняты оба.\nПример из правил: тройку с +2 DEF атакует тройка с +1 ATK: (3+1) − (3+2) = −1, атакующий снят, у защитника остаётся 1.\nИдущая часть уже покинула свой слот: отряд, ушедший из центра вашей клетки ATK, её бонуса больше не получает."
            ),
        },
        Page {
            topic: "resources",
            aliases: &["build", "ресурсы", "пополнение"],
            about: t!("packets, production and building", "пакеты, производство и пополнение"),
            // P9 (packets), P10 (production), P11 (build); D10, D11, D12.
            text: t!(
                "resources (P9–P11).\nResources — ARM and SUP units — lie on a tile as a whole, at most 12 units per tile.\n• Packets: up to three per turn, each 1 to 3 units in any mix, from a tile to a neighbouring tile: b3>c3:2a1s. The source must hold one of your squads on any slot (an enemy on an unguarded gate can carry your resources off); the target must be controlled by you or by nobody and stay within 12. A unit may travel on in a later packet.\n• Production, as the resource phase ends: every ARM or SUP tile you control adds its counted bonus, min(X, centre value), up to the 12-unit cap.\n• Build: on a tile you control, +b3c spends 1 ARM and 1 SUP lying there and adds 1 to your squad on b3c (up to 6), or creates a new squad of 1 if the slot is empty. Repeat as often as the resources allow.",
                "ресурсы (P9–P11).\nРесурсы — единицы ARM (оружие) и SUP (припасы) — лежат на клетке целиком, не больше 12 единиц на клетку.\n• Пакеты: до трёх за ход, в каждом от 1 до 3 единиц в любом сочетании, с клетки на соседнюю: b3>c3:2a1s. На клетке-источнике должен стоять ваш отряд на любом слоте (враг на неохраняемых воротах может увезти ваши ресурсы); клетку-цель должны контролировать вы или никто, и на ней должно остаться не больше 12. Единица может ехать дальше следующим пакетом.\n• Производство в конце фазы ресурсов: каждая ваша клетка ARM или SUP даёт засчитанный бонус, min(X, значение в центре), до предела в 12 единиц.\n• Пополнение: на вашей клетке +b3c тратит 1 ARM и 1 SUP с этой клетки и добавляет 1 вашему отряду на b3c (до 6) или ставит новый отряд 1 на пустой слот. Повторять — сколько хватит ресурсов."
            ),
        },
        Page {
            topic: "winning",
            aliases: &["win", "end", "победа", "конец"],
            about: t!("elimination, leaving, the round limit", "выбывание, уход, предел раундов"),
            // P12; D13 (mutual elimination), D14 (rounds), D15 (leaving).
            text: t!(
                "the end (P12).\nA player with no squads is out at once and is skipped from then on. The last player left wins. If the last two players' last squads destroy each other, the game is a draw.\nA player who resigns or runs out of time leaves the table: its squads leave the field, its resources stay where they lie, and the others play on; at the end the players who left rank below those who stayed.\nWith rounds=N the game ends after N full rounds: the player controlling the most tiles wins; a tie goes to the larger total squad value; still tied, a draw.",
                "конец игры (P12).\nИгрок без отрядов сразу выбывает, и его ход дальше пропускается. Побеждает последний оставшийся. Если последние отряды двух последних игроков уничтожили друг друга — ничья.\nИгрок, который сдался или у которого кончилось время, покидает стол: его отряды уходят с поля, ресурсы остаются, остальные играют дальше; в итоге ушедшие стоят ниже оставшихся.\nПри rounds=N игра заканчивается после N полных раундов: побеждает тот, кто контролирует больше клеток; при равенстве — у кого больше сумма отрядов; если и она равна — ничья."
            ),
        },
        Page {
            topic: "notation",
            aliases: &["нотация", "запись"],
            about: t!("how to write the actions", "как записывать действия"),
            text: t!(
                "notation (lower case is written back; slots are tile + n/e/s/w/c).\n• move a whole squad: b3c-b3n;\n• move part of a squad: 2:b3n-b4s (2 of it go, the rest stays);\n• a packet: b3>c3:2a1s (2 ARM and 1 SUP from b3 to c3; also 3s, 1a);\n• build: +b3c;\n• next — end the phase; end — end the turn.\nA whole turn on one line: /move a1n-a2s 1:b1w-b1c next c1>b1:1a next +c1n end.",
                "нотация (бот пишет строчными; слот — клетка + n/e/s/w/c).\n• отряд целиком: b3c-b3n;\n• часть отряда: 2:b3n-b4s (идут 2, остальные стоят);\n• пакет: b3>c3:2a1s (2 ARM и 1 SUP с b3 на c3; или 3s, 1a);\n• пополнение: +b3c;\n• next — конец фазы; end — конец хода.\nВесь ход одной строкой: /move a1n-a2s 1:b1w-b1c next c1>b1:1a next +c1n end."
            ),
        },
    ],
};
