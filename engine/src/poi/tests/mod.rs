mod helpers;
mod notation;
mod props;
mod rulebook;
mod rulings;
mod selfplay;
