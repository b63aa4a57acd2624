#include "core/message_text.h"

#include <algorithm>

namespace podplanner::model {

namespace {

// The length of the well-formed UTF-8 sequence starting at `at` (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF), or 0 when the byte there does not start one.
std::size_t sequenceLength(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) {
        return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u;
    };
    const unsigned lead = byte(at);
    const auto continuation = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xBF) {
        const unsigned b = byte(at + i);
        return at + i < text.size() && b >= lo && b <= hi;
    };
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return continuation(1) ? 2 : 0;
    if (lead >= 0xE0 && lead <= 0xEF) {
        const unsigned lo = lead == 0xE0 ? 0xA0 : 0x80;
        const unsigned hi = lead == 0xED ? 0x9F : 0xBF;
        return continuation(1, lo, hi) && continuation(2) ? 3 : 0;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        const unsigned lo = lead == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = lead == 0xF4 ? 0x8F : 0xBF;
        return continuation(1, lo, hi) && continuation(2) && continuation(3) ? 4 : 0;
    }
    return 0;
}

bool isControl(unsigned char c) {
    return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7F;
}

} // namespace

std::string escapeForMessage(std::string_view text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = isControl(c) ? 0 : sequenceLength(text, i);
        if (length == 0) {
            out.append("\\x");
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 0xF]);
            ++i;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

std::size_t invalidUtf8At(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = sequenceLength(text, i);
        if (length == 0)
            return i;
        i += length;
    }
    return std::string_view::npos;
}

std::size_t utf8PrefixLength(std::string_view text, std::size_t maxBytes) {
    std::size_t end = 0;
    while (end < text.size()) {
        const std::size_t length = std::max<std::size_t>(1, sequenceLength(text, end));
        if (end + length > maxBytes)
            break;
        end += length;
    }
    return end;
}

std::string shortenForMessage(std::string_view text, std::size_t maxBytes) {
    if (text.size() <= maxBytes)
        return std::string(text);
    return std::string(text.substr(0, utf8PrefixLength(text, maxBytes))) + "...";
}

} // namespace podplanner::model
