mod helpers;
mod props;
mod rulings;
mod selfplay;
