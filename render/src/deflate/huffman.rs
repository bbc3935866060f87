//! Huffman codes of bounded length, and their canonical bit patterns (RFC 1951, 3.2.2).

/// Writes into `lengths` a code length for every symbol of `freq`: zero for a symbol that never
/// occurs, at most `limit` bits for the others, shorter for the more frequent. At least two
/// symbols get a code (the first unused ones are given one if fewer occur), as decoders
/// expect a complete code.
pub fn lengths(freq: &[u32], limit: u32, lengths: &mut [u8]) {
    lengths.fill(0);
    // The used symbols, least frequent first (ties by symbol, for the same output every time).
    let mut used: Vec<(u32, usize)> =
        freq.iter().enumerate().filter(|(_, &f)| f > 0).map(|(s, &f)| (f, s)).collect();
    let unused: Vec<usize> = (0..freq.len()).filter(|&s| freq[s] == 0).collect();
    let missing = 2usize.saturating_sub(used.len());
    used.extend(unused.iter().take(missing).map(|&s| (1, s)));
    used.sort_unstable();
    let depths = tree_depths(&used);
    // How many codes of each length, the overlong counted at the limit, then made to fit.
    let mut count = [0u32; 32];
    for &d in &depths {
        count[d.min(limit) as usize] += 1;
    }
    fit_to_limit(&mut count, limit);
    // The longest codes go to the least frequent symbols.
    let mut symbols = used.iter();
    for len in (1..=limit).rev() {
        for _ in 0..count[len as usize] {
            if let Some(&(_, s)) = symbols.next() {
                lengths[s] = len as u8;
            }
        }
    }
}

/// The depth of each leaf of a Huffman tree over `sorted` (weights ascending), in that order,
/// built with two queues: the leaves, and the joined nodes (which come out in ascending weight).
fn tree_depths(sorted: &[(u32, usize)]) -> Vec<u32> {
    let n = sorted.len();
    // Nodes 0..n are the leaves; n.. the joined nodes. Each node's weight and parent.
    let mut weight: Vec<u64> = sorted.iter().map(|&(f, _)| u64::from(f)).collect();
    let mut parent = vec![usize::MAX; 2 * n - 1];
    let (mut leaf, mut joined) = (0, n);
    let mut take = |weight: &Vec<u64>| {
        let take_leaf = leaf < n && (joined >= weight.len() || weight[leaf] <= weight[joined]);
        if take_leaf {
            leaf += 1;
            leaf - 1
        } else {
            joined += 1;
            joined - 1
        }
    };
    for _ in 0..n - 1 {
        let a = take(&weight);
        let b = take(&weight);
        parent[a] = weight.len();
        parent[b] = weight.len();
        weight.push(weight[a] + weight[b]);
    }
    // Depths from the root (the last node) down: a parent comes after its children.
    let mut depth = vec![0u32; 2 * n - 1];
    for node in (0..2 * n - 2).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    depth.truncate(n);
    depth
}

/// Makes the counts of codes per length (none over `limit`) describe a complete code: while
/// the lengths oversubscribe the code space, one code at the limit goes and a shorter code is
/// split into two one bit longer (the method of miniz and zlib).
fn fit_to_limit(count: &mut [u32; 32], limit: u32) {
    let limit = limit as usize;
    let space = |count: &[u32; 32]| -> u64 {
        (1..=limit).map(|len| u64::from(count[len]) << (limit - len)).sum()
    };
    let mut total = space(count);
    while total > 1 << limit {
        count[limit] -= 1;
        if let Some(len) = (1..limit).rev().find(|&len| count[len] > 0) {
            count[len] -= 1;
            count[len + 1] += 2;
        }
        total -= 1;
    }
}

/// The canonical codes of `lengths`, each bit-reversed for writing lowest bit first.
pub fn codes(lengths: &[u8], codes: &mut [u16]) {
    let mut count = [0u16; 16];
    for &len in lengths {
        count[len as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for len in 1..16 {
        code = (code + count[len - 1]) << 1;
        next[len] = code;
    }
    for (s, &len) in lengths.iter().enumerate() {
        if len > 0 {
            let c = next[len as usize];
            next[len as usize] += 1;
            codes[s] = c.reverse_bits() >> (16 - u32::from(len));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Kraft sum of the lengths in units of 2^-15: a complete code sums to 2^15.
    fn kraft(lengths: &[u8]) -> u64 {
        lengths.iter().filter(|&&l| l > 0).map(|&l| 1u64 << (15 - l)).sum()
    }

    #[test]
    fn codes_are_complete_and_no_longer_than_the_limit_even_for_skewed_counts() {
        // Fibonacci counts make the unbounded tree as deep as there are symbols.
        let mut fib = vec![1u32, 1];
        while fib.len() < 30 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let cases: Vec<(Vec<u32>, u32)> = vec![
            (fib.clone(), 15),
            (fib[..19].to_vec(), 7),
            (vec![5, 0, 0, 9, 1, 1, 0, 300], 15),
            ((0..286).map(|i| (i * 37 % 101) as u32).collect(), 15),
        ];
        for (freq, limit) in cases {
            let mut len = vec![0u8; freq.len()];
            lengths(&freq, limit, &mut len);
            assert!(len.iter().all(|&l| u32::from(l) <= limit), "{len:?}");
            assert_eq!(kraft(&len), 1 << 15, "{len:?}");
            for (s, &f) in freq.iter().enumerate() {
                assert_eq!(f > 0, len[s] > 0, "symbol {s}");
            }
        }
    }

    #[test]
    fn one_symbol_or_none_still_makes_a_code_of_two() {
        for freq in [vec![0u32, 0, 4, 0], vec![0u32; 4]] {
            let mut len = vec![0u8; 4];
            lengths(&freq, 15, &mut len);
            assert_eq!(len.iter().filter(|&&l| l == 1).count(), 2, "{len:?}");
        }
    }

    #[test]
    fn canonical_codes_follow_the_rfc_s_example() {
        // RFC 1951, 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give F=00, A=010 … H=1111.
        let lengths = [3u8, 3, 3, 3, 3, 2, 4, 4];
        let mut c = [0u16; 8];
        codes(&lengths, &mut c);
        let msb_first: Vec<u16> =
            c.iter().zip(lengths).map(|(&c, l)| c.reverse_bits() >> (16 - l)).collect();
        assert_eq!(msb_first, [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]);
    }
}
