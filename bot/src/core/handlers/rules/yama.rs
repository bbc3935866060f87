//! Yama in chat: from `seeds/yama.ru.txt`, rulings Y1–Y17 and `docs/rules/yama.md` (its
//! decisions D1–D21).

use super::{Page, Rulebook};
use crate::core::commands::t;

pub(super) static RULES: Rulebook = Rulebook {
    summary: t!(
        "a duel in a pit of ground, lava and pillars. Each player has a Lumena, 2 Imps, a Gargoyle and 2 Balors, set out on the field before play (by the bot, unless setup=manual). A turn is two actions by two different pieces: steps, Imp jumps and pushes (d4>d5), Lumena pulls (c3<c5), Gargoyle flights and carries. A piece is removed when you pinch it from two opposite sides or press it into a corner, when it burns in lava (all but a Lumena, which swims) or breaks falling off a pillar. Remove the enemy Lumena to win.",
        "дуэль в яме из земли, лавы и столбов. У каждого игрока Люмена, 2 Импа, Гарголь и 2 Балора; перед игрой они выставляются на поле (ботом, если не задано setup=manual). Ход — два действия двумя разными фигурами: шаги, прыжки и толчки Импа (d4>d5), притягивание Люмены (c3<c5), полёты и перенос Гарголя. Фигура снимается, если зажать её с двух противоположных сторон или прижать в угол, если она сгорит в лаве (кроме Люмены — она плавает) или разобьётся, упав со столба. Уберите вражескую Люмену, чтобы победить."
    ),
    pages: &[
        Page {
            topic: "setup",
            aliases: &["field", "расстановка", "поле"],
            about: t!("the field, the armies and how they are set out", "поле, армии и расстановка"),
            // Y1–Y2 (field), Y3 (army), Y4–Y5 (setup), Y17 (edge); D1–D3, D5, D15.
            text: t!(
                "the field and the setup (Y1–Y5).\nThe field is ground (all pieces walk on it), lava (only a Lumena enters it; any other piece that lands there burns) and pillars: 3-cell pieces of ground one level up. Everything outside the field is wall: nothing passes through it. The map is one of crater, bridge, peaks, diamond (a random one by default), a map generated from the game's seed, or your own (option map).\nArmies: a Lumena, 2 Imps, a Gargoyle and 2 Balors each (option army).\nSetup: player 1 puts its Lumena on a ground cell at the border of the field; player 2 then does the same at least 4 steps away. Then, player 1 first, the players take turns placing one piece on an empty ground cell that touches one of their own pieces and touches no enemy piece, never leaving one of their pieces without an empty neighbour. A player who cannot place skips. With setup=auto (the default) the bot plays this out from the seed and the game starts at once; with setup=manual you place with L@e1, I@d2 and so on.\nVariant edge=on: no walls; outside the field there are pits, which Imps jump and Gargoyles fly over, and a piece pushed, pulled or dropped into a pit is gone.",
                "поле и расстановка (Y1–Y5).\nПоле состоит из земли (по ней ходят все), лавы (в неё входит только Люмена; любая другая фигура, попав туда, сгорает) и столбов — фрагментов земли из 3 клеток на уровень выше. Всё вне поля — стена: сквозь неё ничего не проходит. Карта — одна из crater, bridge, peaks, diamond (по умолчанию случайная), карта, созданная по зерну партии, или своя (параметр map).\nАрмии: у каждого Люмена, 2 Импа, Гарголь и 2 Балора (параметр army).\nРасстановка: игрок 1 ставит Люмену на клетку земли у края поля, затем игрок 2 — так же, не ближе 4 шагов от неё. Потом, начиная с игрока 1, игроки по очереди ставят по одной фигуре на свободную клетку земли, касающуюся своей фигуры и не касающуюся фигур соперника, так, чтобы у каждой своей фигуры оставалась свободная соседняя клетка. Кто не может поставить, пропускает. При setup=auto (по умолчанию) это делает бот по зерну партии, и игра начинается сразу; при setup=manual фигуры ставятся ходами L@e1, I@d2 и т. д.\nВариант edge=on («Край»): стен нет; вокруг поля ямы, через которые Импы прыгают, а Гарголи летают; фигура, столкнутая, притянутая или сброшенная в яму, пропадает."
            ),
        },
        Page {
            topic: "turn",
            aliases: &["ход"],
            about: t!("two actions by two different pieces", "два действия двумя разными фигурами"),
            // Y6; D5 (automatic pass, draw when nobody can act).
            text: t!(
                "a turn (Y6).\nPlayer 1 moves first. A turn is two actions by two different pieces of yours; the second action is compulsory when there is one. A player with no legal action passes automatically (the rest of the turn or the whole turn); when neither player can act, the game is drawn.\nColour does not matter for pushes, pulls and carries: you may move your own pieces too, even into lava.\nSend the turn whole (/move c3-c4 d4>d5) or one action at a time; /undo takes back a half-made turn.",
                "ход (Y6).\nПервым ходит игрок 1. Ход — два действия двумя разными вашими фигурами; второе действие обязательно, если оно есть. Игрок без допустимых действий пропускает автоматически (остаток хода или весь ход); если ходить не может никто, партия заканчивается вничью.\nДля толчков, притягиваний и переноса цвет не важен: можно двигать и свои фигуры, даже в лаву.\nХод можно прислать целиком (/move c3-c4 d4>d5) или по действию; /undo отменит незаконченный ход."
            ),
        },
        Page {
            topic: "moves",
            aliases: &["pieces", "фигуры", "движение"],
            about: t!("steps, the Lumena, Imp, Gargoyle and Balor; binding", "шаги, Люмена, Имп, Гарголь и Балор; связывание"),
            // Y7 steps, Y8 Lumena, Y9 binding, Y10 Imp (D6, D7), Y11 Gargoyle (D16), Y12 Balor.
            text: t!(
                "moving (Y7–Y12).\nStep: to an empty neighbouring cell (not diagonal), up or down at most one level; only a Lumena enters lava.\n• Lumena: steps (it swims in lava), or pulls a piece of either colour standing two cells away in a straight line into the empty cell between them. Not through a pillar unless the Lumena stands on one, and never up onto a higher level. A pulled piece landing in lava burns; one pulled down from a pillar breaks.\n• Binding: an enemy piece that is alone among the 8 cells around your Lumena (diagonals count) is bound: by its own move it may only go to cells among those 8. With two or more there, none is bound.\n• Imp: steps, or jumps exactly 2 cells straight; the cell jumped over may be ground, lava or a piece, but not a wall, nor a pillar unless the Imp starts or lands on one. After moving, or instead, it may push one neighbouring piece one cell straight away (from a pillar: a piece two cells away, with nothing between). The cell behind must be empty and not higher. A Balor cannot be pushed.\n• Gargoyle: flies any distance straight over anything inside the field and lands on an empty cell that is not lava. On the way it may pick up one piece it flies over (not a Balor) and drop it on a later empty cell of its path: in lava it burns; taken from a pillar and dropped lower, it breaks.\n• Balor: steps. It cannot be pushed or carried.\n/hint <cell> lists a piece's legal actions.",
                "перемещение (Y7–Y12).\nШаг: на свободную соседнюю клетку (не по диагонали), вверх или вниз не больше чем на уровень; в лаву входит только Люмена.\n• Люмена: шагает (в лаве плавает) или притягивает фигуру любого цвета, стоящую через клетку по прямой, на свободную клетку между ними. Не через столб, если Люмена не стоит на столбе, и никогда не вверх. Притянутая в лаву фигура сгорает, стянутая со столба — разбивается.\n• Связывание: вражеская фигура, единственная среди 8 клеток вокруг вашей Люмены (с диагоналями), связана: своим ходом она может идти только на эти 8 клеток. Если их там две или больше, не связана ни одна.\n• Имп: шагает или прыгает ровно на 2 клетки по прямой; перепрыгнуть можно землю, лаву или фигуру, но не стену и не столб, если Имп не стартует или не приземляется на столб. После хода или вместо него толкает одну соседнюю фигуру на клетку прямо от себя (со столба — фигуру через клетку, если между ними пусто). Клетка позади должна быть свободна и не выше. Балора толкнуть нельзя.\n• Гарголь: летит по прямой на любое расстояние над чем угодно в пределах поля и садится на свободную клетку не в лаве. По пути может поднять одну фигуру, над которой пролетает (не Балора), и сбросить её на свободную клетку дальше по пути: в лаве она сгорает, снятая со столба и сброшенная ниже — разбивается.\n• Балор: шагает. Его нельзя толкнуть или перенести.\n/hint <клетка> покажет допустимые действия фигуры."
            ),
        },
        Page {
            topic: "capture",
            aliases: &["captures", "взятие", "захват"],
            about: t!("pinching, corners, lava and pillars", "зажим, угол, лава и столбы"),
            // Y13 (pinch, corner press, D17, D21), Y14 (burn/break), Y15 (own pieces, D4), D9.
            text: t!(
                "removing pieces (Y13–Y15).\n• A piece that burns (lava, any piece but a Lumena), breaks (pushed, pulled or dropped from a pillar to the ground) or falls (into a pit, edge=on) is removed at once.\n• An enemy piece is captured when, after your action, your pieces stand on two opposite sides of it (north and south or east and west; the rulebook's \"triangle\" is a case of this), or fill every neighbouring field cell (pressed into a corner). Walls are not neighbours; a piece in lava never counts as a pincer.\n• The trap must be made by your action: the enemy piece itself arrived in it (pushed, pulled or dropped there), or one of your pinching pieces arrived next to it. An enemy that walked in between your pieces is not captured until you close it from a third side.\n• Your own piece is never captured by your own action: you may step in between two enemies. But an action may not leave one of your pieces with no empty neighbour.",
                "снятие фигур (Y13–Y15).\n• Фигура, которая сгорела (лава — любая, кроме Люмены), разбилась (столкнута, стянута или сброшена со столба на землю) или упала (в яму, edge=on), снимается сразу.\n• Вражеская фигура захвачена, если после вашего действия ваши фигуры стоят с двух противоположных сторон от неё (север и юг или восток и запад; «треугольник» из правил — частный случай) или занимают все соседние клетки поля (прижата в угол). Стены соседями не считаются; фигура в лаве никогда не зажимает.\n• Ловушку должно создать ваше действие: вражеская фигура сама в неё попала (толчком, притягиванием или сбросом) или одна из зажимающих ваших фигур пришла к ней. Враг, который сам встал между вашими фигурами, не захвачен, пока вы не закроете его с третьей стороны.\n• Своя фигура своим действием не захватывается: можно встать между двумя врагами. Но действие не может оставить вашу фигуру без свободной соседней клетки."
            ),
        },
        Page {
            topic: "winning",
            aliases: &["win", "end", "победа", "конец"],
            about: t!("removing the enemy Lumena", "как убрать вражескую Люмену"),
            // Y16; D10 (own Lumena), D5 (draw).
            text: t!(
                "winning (Y16).\nRemove the enemy Lumena by any means — pinch it, press it into a corner, push or pull it off a pillar, or drop it into a pit — and you win. A Lumena swims, so lava alone does not kill it. If your own action removes your own Lumena, you lose (if one action removed both, the acting player wins). When neither player can act, the game is drawn. /resign and /draw are always there.",
                "победа (Y16).\nУберите вражескую Люмену любым способом — зажмите, прижмите в угол, столкните или стяните со столба, сбросьте в яму — и вы победили. Люмена плавает, поэтому одна лава её не губит. Если вы своим действием убрали свою же Люмену, вы проиграли (если одно действие убрало обе, побеждает тот, кто ходил). Если ходить не может никто — ничья. /resign и /draw доступны всегда."
            ),
        },
        Page {
            topic: "notation",
            aliases: &["нотация", "запись"],
            about: t!("how to write the actions", "как записывать действия"),
            text: t!(
                "notation (letters in any case; x may stand for -).\n• placing (setup=manual): L@e1 Lumena, I@d2 Imp, G@c2 Gargoyle, B@f2 Balor;\n• a step, an Imp's jump, a Gargoyle's flight: c3-c4, b6-b4, b2-b7;\n• an Imp moves, then pushes the piece on e5: d4-d5>e5;\n• an Imp pushes without moving: d4>d5 (from a pillar also d3>d5);\n• a Lumena pulls the piece on c5 to c4: c3<c5;\n• a Gargoyle flies b2→b7, picks up b4, drops it on b6: b2-b7:b4>b6.\nA turn is two actions on one line: /move c3-c4 d4>d5.",
                "нотация (буквы в любом регистре; вместо - можно x).\n• расстановка (setup=manual): L@e1 Люмена, I@d2 Имп, G@c2 Гарголь, B@f2 Балор;\n• шаг, прыжок Импа, полёт Гарголя: c3-c4, b6-b4, b2-b7;\n• Имп идёт и толкает фигуру на e5: d4-d5>e5;\n• Имп толкает, не двигаясь: d4>d5 (со столба и d3>d5);\n• Люмена притягивает фигуру с c5 на c4: c3<c5;\n• Гарголь летит b2→b7, поднимает фигуру с b4 и сбрасывает на b6: b2-b7:b4>b6.\nХод — два действия в одной строке: /move c3-c4 d4>d5."
            ),
        },
    ],
};
