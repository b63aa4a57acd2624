#include "interop/toml_reader.h"

#include "core/input_error.h"

#include <sstream>

namespace podplanner::model::interop {

namespace {

[[noreturn]] void fail(int line, const std::string& expected, const std::string& found) {
    throw InputError({"", "line " + std::to_string(line), expected, found, ""});
}

std::string trim(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos)
        return {};
    const std::size_t b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

// Splits off a comment that is not inside a string; returns the comment text.
std::string cutComment(std::string& line) {
    char quote = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote) {
            if (c == '\\' && quote == '"')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '#') {
            std::string comment = line.substr(i + 1);
            line.resize(i);
            return comment;
        }
    }
    return {};
}

std::string scalar(const std::string& raw, int line) {
    const std::string v = trim(raw);
    if (v.empty())
        fail(line, "a value after '='", "nothing");
    if (v.front() == '"' || v.front() == '\'') {
        if (v.size() < 2 || v.back() != v.front())
            fail(line, "a string closed on the same line", v);
        std::string out;
        for (std::size_t i = 1; i + 1 < v.size(); ++i) {
            if (v.front() == '"' && v[i] == '\\' && i + 2 < v.size()) {
                const char e = v[++i];
                out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
            } else {
                out += v[i];
            }
        }
        return out;
    }
    if (v.front() == '{')
        fail(line, "a string, number, boolean or array (inline tables are not read)", v);
    return v;
}

std::string array(const std::string& raw, int line) {
    const std::string inner = trim(raw).substr(1, trim(raw).size() - 2);
    std::string out = "[";
    std::string item;
    char quote = 0;
    int depth = 0;
    auto flush = [&] {
        const std::string t = trim(item);
        if (!t.empty())
            out += (out.size() > 1 ? ", " : "") + (t.front() == '[' ? t : scalar(t, line));
        item.clear();
    };
    for (char c : inner) {
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '[') {
            ++depth;
        } else if (c == ']') {
            --depth;
        } else if (c == ',' && depth == 0) {
            flush();
            continue;
        }
        item += c;
    }
    flush();
    return out + "]";
}

} // namespace

TomlDocument readToml(const std::string& text) {
    TomlDocument doc;
    std::istringstream lines(text);
    std::string line, table;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        const std::string comment = cutComment(line);
        if (!comment.empty() || line.find('#') != std::string::npos)
            doc.comments.push_back({comment, number});
        std::string t = trim(line);
        if (t.empty())
            continue;
        if (t.front() == '[') {
            if (t.size() < 3 || t.back() != ']' || t[1] == '[')
                fail(number, "a [table] header", t);
            table = trim(t.substr(1, t.size() - 2));
            continue;
        }
        const std::size_t eq = t.find('=');
        if (eq == std::string::npos)
            fail(number, "key = value", t);
        std::string key = trim(t.substr(0, eq));
        if (key.size() >= 2 && key.front() == '"' && key.back() == '"')
            key = key.substr(1, key.size() - 2);
        std::string value = trim(t.substr(eq + 1));
        const int at = number;
        if (!value.empty() && value.front() == '[') {
            auto depth = [](const std::string& s) {
                int d = 0;
                char quote = 0;
                for (char c : s) {
                    if (quote) {
                        if (c == quote)
                            quote = 0;
                    } else if (c == '"' || c == '\'') {
                        quote = c;
                    } else {
                        d += c == '[' ? 1 : c == ']' ? -1 : 0;
                    }
                }
                return d;
            };
            while (depth(value) > 0 && std::getline(lines, line)) {
                ++number;
                cutComment(line);
                value.append(" ").append(trim(line)); // not " " + ...: GCC 12 -Wrestrict
            }
            if (depth(value) != 0)
                fail(at, "an array closed with ']'", value);
            value = array(value, at);
        } else {
            value = scalar(value, at);
        }
        doc.values.add(table.empty() ? key : table + "." + key, value, true, at);
    }
    return doc;
}

} // namespace podplanner::model::interop
