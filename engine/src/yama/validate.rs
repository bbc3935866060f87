//! Checking ONE action against the rules directly, with a reason a player understands.
//! Deliberately not a search of the legal list: [`super::movegen`] is the other, independent
//! implementation, and the property tests cross-check the two.

use crate::core::{Cell, Illegal};

use super::action::YamaAction;
use super::piece::{Kind, Piece};
use super::resolve::Blocked;
use super::state::{Phase, Yama};

/// A refusal worded in English and Russian.
fn no(reason: impl Into<String>, reason_ru: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal::new(reason).ru(reason_ru))
}

impl Blocked {
    /// The refusal in a player's words.
    pub(crate) fn reason(self) -> Illegal {
        match self {
            Blocked::Enclosed(kind, cell) => Illegal::new(format!(
                "that would leave your {} on {cell} with no empty cell around it",
                kind.name()
            ))
            .ru(format!(
                "так нельзя: {} на {cell} останется без единой свободной клетки рядом",
                kind.your_ru()
            )),
            Blocked::Malformed => Illegal::new("that action does not fit this position")
                .ru("это действие не подходит к этой позиции"),
        }
    }
}

impl Yama {
    /// Checks `action` for the seat to move; `Ok` means [`Yama::consequences`] may play it.
    pub(crate) fn validate(&self, action: &YamaAction) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return no("the game is over", "игра уже окончена");
        }
        match (self.phase, action) {
            (Phase::Setup, YamaAction::Place { kind, cell }) => self.check_place(*kind, *cell),
            (Phase::Setup, _) => no(
                "the armies are still being placed: place a piece, e.g. L@c4",
                "армии ещё расставляются: выставьте фигуру, например L@c4",
            ),
            (Phase::Play, YamaAction::Place { .. }) => no(
                "all pieces are on the field: placing is only done during setup",
                "все фигуры уже на поле: выставлять фигуры можно только при расстановке",
            ),
            (Phase::Play, _) => self.check_move(action),
        }
    }

    /// Y4–Y5.
    fn check_place(&self, kind: Kind, cell: Cell) -> Result<(), Illegal> {
        let seat = self.to_move;
        if self.reserve[seat.index()][kind.index()] == 0 {
            let ru = match kind {
                Kind::Lumena => "ваша Люмена уже выставлена".to_string(),
                Kind::Imp => "у вас не осталось Импов для расстановки".to_string(),
                Kind::Gargoyle => "у вас не осталось Гарголей для расстановки".to_string(),
                Kind::Balor => "у вас не осталось Балоров для расстановки".to_string(),
            };
            return no(format!("you have no {} left to place", kind.name()), ru);
        }
        let lumena_waiting = self.reserve[seat.index()][Kind::Lumena.index()] > 0;
        if lumena_waiting && kind != Kind::Lumena {
            return no("place your Lumena first", "сначала выставьте свою Люмену (L@…)");
        }
        self.check_field_cell(cell)?;
        if self.board[cell.index()].is_some() {
            return no(format!("{cell} is taken"), format!("клетка {cell} занята"));
        }
        if self.map.is_lava(cell) {
            return no(
                format!("{cell} is lava: pieces are placed on ground"),
                format!("клетка {cell} — лава: фигуры выставляют на землю"),
            );
        }
        if kind == Kind::Lumena {
            if !self.map.is_border(cell) {
                return no(
                    "the Lumena starts on a cell at the edge of the field",
                    "Люмену выставляют на клетку у края поля",
                );
            }
            return match self.lumena(seat.opponent()) {
                Some(other) if other.distance(cell) < 4 => no(
                    format!("{cell} is closer than 4 cells to the other Lumena on {other}"),
                    format!(
                        "от {cell} до другой Люмены на {other} меньше 4 клеток: \
                             Люмены ставят не ближе 4 клеток друг к другу"
                    ),
                ),
                Some(_) => Ok(()),
                None if !self.room_for_second_lumena(cell) => no(
                    format!("{cell} leaves no edge cell 4 or more cells away for the other Lumena"),
                    format!(
                        "с Люменой на {cell} для второй Люмены не останется клетки у края поля \
                         в 4 или более клетках от неё"
                    ),
                ),
                None => Ok(()),
            };
        }
        let mut touches_own = false;
        for dir in crate::core::Dir::ALL {
            let Some(n) = self.map.grid().step(cell, dir) else { continue };
            match self.board[n.index()] {
                Some(p) if p.owner == seat => touches_own = true,
                Some(_) => {
                    return no(
                        format!("{cell} touches an enemy piece on {n}"),
                        format!("клетка {cell} касается фигуры соперника на {n}"),
                    )
                }
                None => {}
            }
        }
        if !touches_own {
            return no(
                format!("{cell} does not touch any of your pieces"),
                format!("клетка {cell} не касается ни одной вашей фигуры"),
            );
        }
        Ok(())
    }

    fn check_field_cell(&self, cell: Cell) -> Result<(), Illegal> {
        if self.map.contains(cell) {
            Ok(())
        } else {
            no(format!("{cell} is not on the field"), format!("клетки {cell} нет на поле"))
        }
    }

    /// Y6–Y12 for one move of a piece.
    fn check_move(&self, action: &YamaAction) -> Result<(), Illegal> {
        let from = action.actor().expect("not a placement");
        self.check_field_cell(from)?;
        let Some(piece) = self.board[from.index()] else {
            return no(format!("there is no piece on {from}"), format!("на {from} нет фигуры"));
        };
        let name = format!("{} on {from}", piece.kind.name());
        let name_ru = format!("{} на {from}", piece.kind.name_ru());
        if piece.owner != self.to_move {
            return no(
                format!("the {name} is not yours"),
                format!("{name_ru} — фигура соперника, а не ваша"),
            );
        }
        if self.acted == Some(from) {
            return no(
                format!("the {name} has already acted this turn: move another piece"),
                format!(
                    "{name_ru}: этой фигурой уже ходили в этот ход — вторым действием ходите \
                     другой фигурой"
                ),
            );
        }
        let needs = |kind: Kind, what: &str, what_ru: &str| {
            if piece.kind == kind {
                Ok(())
            } else {
                no(
                    format!("only {} {what}; that is {}", kind.a_name(), piece.kind.a_name()),
                    format!(
                        "{what_ru} только {}, а на {from} — {}",
                        kind.name_ru(),
                        piece.kind.name_ru()
                    ),
                )
            }
        };
        match *action {
            YamaAction::Move { to, push, .. } => {
                if push.is_some() {
                    needs(Kind::Imp, "pushes", "толкает фигуры")?;
                }
                self.check_travel(piece, from, to, (&name, &name_ru))?;
                if let Some(target) = push {
                    self.check_push(to, target, Some(from))?;
                }
            }
            YamaAction::Push { target, .. } => {
                needs(Kind::Imp, "pushes", "толкает фигуры")?;
                self.check_push(from, target, None)?;
            }
            YamaAction::Pull { target, .. } => {
                needs(Kind::Lumena, "pulls", "притягивает фигуры")?;
                self.check_pull(from, target)?;
            }
            YamaAction::Carry { to, pick, drop, .. } => {
                needs(Kind::Gargoyle, "carries", "переносит фигуры")?;
                self.check_travel(piece, from, to, (&name, &name_ru))?;
                self.check_carry(from, to, pick, drop)?;
            }
            YamaAction::Place { .. } => unreachable!("handled by the caller"),
        }
        Ok(())
    }

    /// Where a piece may go by its own movement (Y7, Y8, Y10, Y11, Y12) and binding (Y9).
    /// `name`: the piece in English and Russian ("Imp on c3", "Имп на c3").
    fn check_travel(
        &self,
        piece: Piece,
        from: Cell,
        to: Cell,
        (name, name_ru): (&str, &str),
    ) -> Result<(), Illegal> {
        self.check_field_cell(to)?;
        if to == from {
            return no(
                format!("the {name} is already there: a move goes to another cell"),
                format!("{name_ru} уже стоит там: ход ведёт на другую клетку"),
            );
        }
        if self.board[to.index()].is_some() {
            return no(format!("{to} is taken"), format!("клетка {to} занята"));
        }
        let Some(dir) = from.direction_to(to) else {
            return no(
                format!("the {name} moves in a straight line, not to {to}"),
                format!("{name_ru} ходит только по прямой: с {from} на {to} так не попасть"),
            );
        };
        let length = from.distance(to);
        match piece.kind {
            Kind::Lumena | Kind::Balor if length != 1 => {
                return no(
                    format!("the {name} steps one cell"),
                    format!("{name_ru} ходит только на одну клетку"),
                );
            }
            Kind::Imp if length > 2 => {
                return no(
                    format!("the {name} steps 1 cell or jumps 2"),
                    format!("{name_ru} ходит на одну клетку или прыгает на две"),
                )
            }
            _ => {}
        }
        if self.map.is_lava(to) && piece.kind != Kind::Lumena {
            return no(
                format!("{to} is lava: only a Lumena may enter it"),
                format!("клетка {to} — лава: войти в неё может только Люмена"),
            );
        }
        if piece.kind != Kind::Gargoyle && self.map.level(from).abs_diff(self.map.level(to)) > 1 {
            return no(
                format!("{to} is more than one level away"),
                format!("клетка {to} выше или ниже больше чем на один уровень"),
            );
        }
        for k in 1..length {
            let over = from.offset_by(dir, k).expect("between two cells");
            if !self.map.contains(over) && !self.options.edge {
                return no(
                    format!("the {name} cannot pass the wall at {over}"),
                    format!("{name_ru} не может пройти сквозь стену на {over}"),
                );
            }
            let pillar_rule = piece.kind == Kind::Imp
                && self.map.is_pillar(over)
                && !self.map.is_pillar(from)
                && !self.map.is_pillar(to);
            if pillar_rule {
                return no(
                    format!("the {name} cannot jump over the pillar on {over} from below"),
                    format!("{name_ru} не может перепрыгнуть снизу через столб на {over}"),
                );
            }
        }
        if let Some((bound, ring)) = self.binding(self.to_move) {
            if bound == from && !ring.contains(to) {
                let lumena = self.lumena(self.to_move.opponent()).expect("binding needs it");
                return no(
                    format!(
                        "the {name} is bound by the enemy Lumena on {lumena} and must stay next \
                         to it"
                    ),
                    format!(
                        "вражеская Люмена на {lumena} связывает {} на {from}: ходить можно только \
                         по клеткам вокруг неё",
                        piece.kind.name_ru_acc()
                    ),
                );
            }
        }
        Ok(())
    }

    /// Y10 pushes by an Imp standing on `at` (having left `vacated` this action).
    fn check_push(&self, at: Cell, target: Cell, vacated: Option<Cell>) -> Result<(), Illegal> {
        let occupied = |c: Cell| Some(c) != vacated && self.board[c.index()].is_some();
        let Some(dir) = at.direction_to(target) else {
            return no(
                format!("the Imp pushes along a straight line, and {target} is not on one"),
                format!("Имп толкает только по прямой, а {target} не на одной прямой с ним"),
            );
        };
        let range = at.distance(target);
        let on_pillar = self.map.is_pillar(at);
        if range > 2 || (range == 2 && !on_pillar) {
            return no(
                "the Imp pushes a piece next to it (2 cells away only from a pillar)",
                "Имп толкает соседнюю фигуру (фигуру через клетку — только стоя на столбе)",
            );
        }
        if range == 2 {
            let middle = at.offset(dir).expect("between two cells");
            if !self.map.contains(middle) && !self.options.edge {
                return no(
                    format!("the wall at {middle} is in the way of the push"),
                    format!("толчку мешает стена на {middle}"),
                );
            }
            if self.map.contains(middle) && occupied(middle) {
                return no(
                    format!("the piece on {middle} is in the way of the push"),
                    format!("толчку мешает фигура на {middle}"),
                );
            }
        }
        if !self.map.contains(target) || !occupied(target) {
            return no(
                format!("there is no piece on {target} to push"),
                format!("на {target} нет фигуры, которую можно толкнуть"),
            );
        }
        if self.board[target.index()].is_some_and(|p| p.kind == Kind::Balor) {
            return no("a Balor cannot be pushed", "Балора нельзя толкнуть");
        }
        match target.offset(dir) {
            Some(d) if self.map.contains(d) => {
                if occupied(d) {
                    return no(
                        format!("{d} behind the pushed piece is taken"),
                        format!("клетка {d} за толкаемой фигурой занята"),
                    );
                }
                if self.map.level(d) > self.map.level(target) {
                    return no(
                        format!("a push cannot lift a piece onto the pillar on {d}"),
                        format!("толчком нельзя закинуть фигуру на столб на {d}"),
                    );
                }
            }
            _ if self.options.edge => {}
            _ => {
                return no(
                    format!("there is a wall behind the piece on {target}"),
                    format!("за фигурой на {target} стена: толкать некуда"),
                )
            }
        }
        Ok(())
    }

    /// Y8 pulls.
    fn check_pull(&self, from: Cell, target: Cell) -> Result<(), Illegal> {
        let dir = from.direction_to(target).filter(|_| from.distance(target) == 2);
        let Some(dir) = dir else {
            return no(
                "the Lumena pulls a piece exactly two cells away in a straight line",
                "Люмена притягивает фигуру через одну клетку по прямой (ровно в 2 клетках от неё)",
            );
        };
        if !self.map.contains(target) || self.board[target.index()].is_none() {
            return no(
                format!("there is no piece on {target} to pull"),
                format!("на {target} нет фигуры, которую можно притянуть"),
            );
        }
        let middle = from.offset(dir).expect("between two cells");
        if !self.map.contains(middle) {
            return if self.options.edge {
                Ok(())
            } else {
                no(
                    format!("the wall at {middle} is in the way"),
                    format!("мешает стена на {middle}"),
                )
            };
        }
        if self.board[middle.index()].is_some() {
            return no(
                format!("{middle} between them is taken"),
                format!("клетка {middle} между ними занята"),
            );
        }
        if self.map.is_pillar(middle) && !self.map.is_pillar(from) {
            return no(
                format!("the pillar on {middle} hides {target} from the Lumena"),
                format!("столб на {middle} закрывает {target} от Люмены"),
            );
        }
        if self.map.level(middle) > self.map.level(target) {
            return no(
                format!("a pull cannot lift a piece onto the pillar on {middle}"),
                format!("притягиванием нельзя поднять фигуру на столб на {middle}"),
            );
        }
        Ok(())
    }

    /// Y11–Y12 carries: pick-up and drop strictly between take-off and landing, in order.
    fn check_carry(&self, from: Cell, to: Cell, pick: Cell, drop: Cell) -> Result<(), Illegal> {
        let between = |a: Cell, b: Cell, c: Cell| {
            a.direction_to(c).is_some()
                && a.direction_to(c) == a.direction_to(b)
                && a.distance(c) < a.distance(b)
        };
        if !between(from, to, pick) {
            return no(
                format!(
                    "the Gargoyle picks up a piece it flies over, and {pick} is not on its way"
                ),
                format!("Гарголь подбирает фигуру на пути полёта, а {pick} не на его пути"),
            );
        }
        if !between(pick, to, drop) {
            return no(
                format!("the carried piece is dropped after {pick} and before {to}"),
                format!("переносимую фигуру сбрасывают на пути после {pick} и до {to}"),
            );
        }
        let Some(piece) = self.board[pick.index()].filter(|_| self.map.contains(pick)) else {
            return no(
                format!("there is no piece on {pick} to pick up"),
                format!("на {pick} нет фигуры, которую можно поднять"),
            );
        };
        if piece.kind == Kind::Balor {
            return no("a Balor is too heavy to carry", "Балор слишком тяжёлый для переноса");
        }
        if self.map.contains(drop) && self.board[drop.index()].is_some() {
            return no(
                format!("{drop} is taken: the carried piece needs an empty cell"),
                format!("клетка {drop} занята: переносимую фигуру сбрасывают на свободную клетку"),
            );
        }
        Ok(())
    }
}
