#include "core/nearest_word.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace podplanner::model {

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::optional<std::string> nearestWord(std::string_view word,
                                       const std::vector<std::string>& candidates) {
    std::optional<std::string> best;
    std::size_t bestDistance = 0;
    for (const auto& candidate : candidates) {
        const std::size_t d = editDistance(word, candidate);
        if (!best || d < bestDistance) {
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
