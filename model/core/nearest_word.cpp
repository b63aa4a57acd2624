#include "core/nearest_word.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace podplanner::model {

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbouring letters ("cubse" -> "cubes") each cost one.
std::size_t editDistance(std::string_view a, std::string_view b) {
    auto same = [&](std::size_t i, std::size_t j) {
        return std::tolower(static_cast<unsigned char>(a[i])) ==
               std::tolower(static_cast<unsigned char>(b[j]));
    };
    const std::size_t w = b.size() + 1;
    std::vector<std::size_t> d((a.size() + 1) * w);
    for (std::size_t i = 0; i <= a.size(); ++i)
        d[i * w] = i;
    std::iota(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(w), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t v = std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1,
                                      d[(i - 1) * w + j - 1] + (same(i - 1, j - 1) ? 0 : 1)});
            if (i > 1 && j > 1 && same(i - 1, j - 2) && same(i - 2, j - 1))
                v = std::min(v, d[(i - 2) * w + j - 2] + 1);
            d[i * w + j] = v;
        }
    return d[a.size() * w + b.size()];
}

std::optional<std::string> nearestWord(std::string_view word,
                                       const std::vector<std::string>& candidates) {
    std::optional<std::string> best;
    std::size_t bestDistance = 0;
    for (const auto& candidate : candidates) {
        const std::size_t d = editDistance(word, candidate);
        // Ties go to the candidate whose length matches the word (a swap, not a cut).
        const bool better =
            !best || d < bestDistance ||
            (d == bestDistance && candidate.size() == word.size() && best->size() != word.size());
        if (better) {
            best = candidate;
            bestDistance = d;
        }
    }
    // Allow about one edit per three characters: close enough to be a typo, not a different word.
    const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
    if (best && bestDistance <= allowed)
        return best;
    return std::nullopt;
}

} // namespace podplanner::model
