mod helpers;
mod maps;
mod notation;
mod position;
mod props;
mod rulebook;
mod rulings;
mod selfplay;
