#include "interop/shell_script.h"

#include "core/input_error.h"
#include "interop/shell_arithmetic.h"

#include <cctype>
#include <map>
#include <optional>
#include <utility>

namespace podplanner::model::interop {

namespace {

bool isNameStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

// A word being built: fields split where an unquoted expansion held blanks.
struct Fields {
    std::vector<std::string> done;
    std::string current;
    bool any = false; // a quoted empty string still makes a word

    void appendQuoted(const std::string& s) {
        current += s;
        any = true;
    }
    void appendSplit(const std::string& s) {
        std::size_t i = 0;
        while (i < s.size()) {
            if (isBlank(s[i]) || s[i] == '\n') {
                if (any || !current.empty())
                    done.push_back(current);
                current.clear();
                any = false;
                while (i < s.size() && (isBlank(s[i]) || s[i] == '\n'))
                    ++i;
                continue;
            }
            current += s[i++];
            any = true;
        }
    }
    void breakField() {
        done.push_back(current);
        current.clear();
        any = true;
    }
    std::vector<std::string> finish() {
        if (any || !current.empty())
            done.push_back(current);
        return done;
    }
};

class Reader {
  public:
    Reader(const std::string& text, bool expand, int firstLine)
        : t_(text), expand_(expand), line_(firstLine) {}
    Reader(const Reader&) = delete; // expanded_ may point at its own counter
    Reader& operator=(const Reader&) = delete;

    ShellScript script() {
        while (pos_ < t_.size())
            statement();
        out_.variables = std::move(vars_);
        return std::move(out_);
    }

    std::vector<ShellWord> words() {
        std::vector<ShellWord> all;
        while (true) {
            skipBlanks(true);
            if (pos_ >= t_.size())
                break;
            const int at = line_;
            const std::size_t before = pos_;
            for (auto& w : word())
                all.push_back({w, at});
            if (pos_ == before)
                advance(); // an operator between words: skip it, never stall
        }
        return all;
    }

  private:
    char peek(std::size_t ahead = 0) const {
        return pos_ + ahead < t_.size() ? t_[pos_ + ahead] : '\0';
    }
    void advance() {
        if (t_[pos_] == '\n')
            ++line_;
        ++pos_;
    }

    // Skips blanks, comments and line continuations; newlines too when `newlines`.
    void skipBlanks(bool newlines) {
        while (pos_ < t_.size()) {
            const char c = peek();
            if (isBlank(c) || (newlines && c == '\n')) {
                advance();
            } else if (c == '\\' && peek(1) == '\n') {
                advance();
                advance();
            } else if (c == '#') {
                const std::size_t start = pos_ + 1;
                while (pos_ < t_.size() && peek() != '\n')
                    ++pos_;
                out_.comments.push_back({t_.substr(start, pos_ - start), line_});
            } else {
                break;
            }
        }
    }

    // Splitting an expanded string (xpk's --command) breaks words at blanks only.
    bool endsWord(char c) const {
        if (c == '\0' || isBlank(c) || c == '\n')
            return true;
        return expand_ &&
               (c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<' || c == '>');
    }

    void statement() {
        skipBlanks(true);
        if (pos_ >= t_.size())
            return;
        ShellCommand cmd;
        bool first = true;
        while (pos_ < t_.size()) {
            skipBlanks(false);
            const char c = peek();
            if (c == '\0' || c == '\n' || c == ';' || c == '&' || c == '|') {
                if (pos_ < t_.size())
                    advance(); // a NUL byte inside the text ends the statement too
                break;
            }
            if (c == '(' || c == ')' || c == '<' || c == '>') {
                advance(); // subshells and redirections: not part of any flag
                continue;
            }
            if (first && assignment())
                continue; // VAR=x before a command is its environment
            if (!cmd.words.empty() && cmd.words.front().text == "export" && assignment())
                continue;
            const int at = line_;
            const std::size_t before = pos_;
            for (auto& w : word())
                cmd.words.push_back({w, at});
            if (pos_ == before)
                advance(); // nothing a word can start with: skip it, never stall
            first = false;
        }
        if (!cmd.words.empty() && !(cmd.words.size() == 1 && cmd.words[0].text == "export"))
            out_.commands.push_back(std::move(cmd));
    }

    // NAME=value, NAME+=value, NAME=( words ), NAME+=( words ). False (nothing read) otherwise.
    bool assignment() {
        std::size_t p = shellNameEnd(t_, pos_);
        if (p == pos_)
            return false;
        bool append = false;
        if (p < t_.size() && t_[p] == '+') {
            append = true;
            ++p;
        }
        if (p >= t_.size() || t_[p] != '=')
            return false;
        const std::string name = t_.substr(pos_, p - pos_ - (append ? 1 : 0));
        pos_ = p + 1;
        std::vector<std::string> value;
        const bool arrayForm = peek() == '(';
        if (arrayForm) {
            advance();
            while (pos_ < t_.size()) {
                skipBlanks(true);
                if (peek() == ')') {
                    advance();
                    break;
                }
                const std::size_t before = pos_;
                for (auto& w : word())
                    value.push_back(w);
                if (pos_ == before)
                    advance(); // an operator (;, |, &) inside the array: skip it, never stall
            }
        } else {
            std::string joined;
            const auto parts = word(false);
            for (std::size_t i = 0; i < parts.size(); ++i)
                joined += (i ? " " : "") + parts[i];
            value.push_back(joined);
        }
        auto& slot = vars_[name];
        if (!append)
            slot.clear();
        if (append && !arrayForm && slot.size() == 1)
            slot.back() += value.front();
        else
            slot.insert(slot.end(), value.begin(), value.end());
        return true;
    }

    std::vector<std::string> word(bool split = true) {
        Fields f;
        while (pos_ < t_.size() && !endsWord(peek())) {
            const char c = peek();
            if (c == '\\') {
                advance();
                if (pos_ < t_.size()) {
                    if (peek() != '\n')
                        f.appendQuoted(std::string(1, peek()));
                    advance();
                }
            } else if (c == '\'') {
                advance();
                std::string s;
                while (pos_ < t_.size() && peek() != '\'') {
                    s += peek();
                    advance();
                }
                if (pos_ < t_.size())
                    advance();
                f.appendQuoted(s);
            } else if (c == '"') {
                advance();
                const auto parts = doubleQuoted(); // "${ARR[@]}" gives one word per element
                for (std::size_t i = 0; i < parts.size(); ++i) {
                    if (i)
                        f.breakField();
                    f.appendQuoted(parts[i]);
                }
            } else if (c == '$' && expand_) {
                const auto values = dollar(false);
                for (std::size_t i = 0; i < values.size(); ++i) {
                    if (i)
                        f.appendSplit(" ");
                    if (split)
                        f.appendSplit(values[i]);
                    else
                        f.appendQuoted(values[i]);
                }
            } else {
                f.appendQuoted(std::string(1, c));
                advance();
            }
        }
        return f.finish();
    }

    std::vector<std::string> doubleQuoted() {
        std::vector<std::string> parts{std::string()};
        while (pos_ < t_.size() && peek() != '"') {
            const char c = peek();
            if (c == '\\' && (peek(1) == '"' || peek(1) == '\\' || peek(1) == '$' ||
                              peek(1) == '`' || peek(1) == '\n')) {
                advance();
                if (peek() != '\n')
                    parts.back() += peek();
                advance();
            } else if (c == '$' && expand_) {
                const auto values = dollar(true);
                for (std::size_t i = 0; i < values.size(); ++i) {
                    if (i)
                        parts.emplace_back();
                    parts.back() += values[i];
                }
            } else {
                parts.back() += c;
                advance();
            }
        }
        if (pos_ < t_.size())
            advance();
        return parts;
    }

    // Text up to the brace or parenthesis that closes the one just read.
    std::string balanced(char open, char close) {
        int depth = 1;
        std::string s;
        while (pos_ < t_.size()) {
            const char c = peek();
            if (c == open)
                ++depth;
            if (c == close && --depth == 0) {
                advance();
                break;
            }
            s += c;
            advance();
        }
        return s;
    }

    std::optional<std::vector<std::string>> lookup(const std::string& name) const {
        const auto it = vars_.find(name);
        if (it != vars_.end())
            return it->second;
        return parent_ ? parent_->lookup(name) : std::nullopt;
    }

    // After a '$': the values of the expansion (several for an array). What expansions produce
    // is bounded, so that a script cannot grow without end (A=$A$A, line after line).
    std::vector<std::string> dollar(bool quoted) {
        const int at = line_;
        auto values = dollarValues(quoted);
        for (const auto& v : values)
            *expanded_ += v.size();
        if (*expanded_ > kMaxExpandedBytes)
            throw InputError({"", "line " + std::to_string(at),
                              "a script whose expansions come to at most 64 MiB of text",
                              "more (a variable that grows with each use?)", ""});
        return values;
    }

    std::vector<std::string> dollarValues(bool quoted) {
        advance(); // '$'
        const char c = peek();
        if (c == '(' && peek(1) == '(') {
            advance();
            advance();
            std::string expr = balanced('(', ')');
            if (peek() == ')')
                advance();
            return {arithmetic(expr)};
        }
        if (c == '(') {
            advance();
            return {"<$(" + balanced('(', ')') + ")>"};
        }
        if (c == '{') {
            advance();
            return braced(balanced('{', '}'), quoted);
        }
        if (isNameStart(c)) {
            std::string name;
            while (isNameChar(peek())) {
                name += peek();
                advance();
            }
            const auto v = lookup(name);
            if (!v)
                return {"<$" + name + ">"};
            return {v->empty() ? std::string() : v->front()};
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '@' || c == '*' || c == '#' ||
            c == '?' || c == '$' || c == '!' || c == '-') {
            advance();
            return {std::string("<$") + c + ">"};
        }
        return {"$"};
    }

    std::vector<std::string> braced(const std::string& body, bool quoted) {
        std::size_t i = 0;
        while (i < body.size() && (isNameChar(body[i])))
            ++i;
        const std::string name = body.substr(0, i);
        std::optional<std::vector<std::string>> value = lookup(name);
        std::string rest = body.substr(i);
        if (!rest.empty() && rest[0] == '[') {
            const std::size_t close = rest.find(']');
            const std::string index = rest.substr(1, close - 1);
            rest = close == std::string::npos ? "" : rest.substr(close + 1);
            if (value && (index == "@" || index == "*")) {
                if (quoted && index == "*") {
                    std::string joined;
                    for (std::size_t k = 0; k < value->size(); ++k)
                        joined += (k ? " " : "") + (*value)[k];
                    return {joined};
                }
                return *value;
            }
            if (value) {
                const std::size_t k = static_cast<std::size_t>(std::atoi(index.c_str()));
                value = k < value->size() ? std::vector<std::string>{(*value)[k]}
                                          : std::vector<std::string>{};
            }
        }
        const bool colon = !rest.empty() && rest[0] == ':';
        const std::string op = rest.substr(colon ? 1 : 0);
        if (!op.empty() && (op[0] == '-' || op[0] == '=')) {
            const bool unset = !value || (colon && (value->empty() || value->front().empty()));
            if (unset) {
                const std::string fallback = op.substr(1); // outlives `inner`, which refers to it
                Reader inner(fallback, true, line_);
                inner.parent_ = this;
                inner.expanded_ = expanded_;
                std::string d;
                const auto parts = inner.word(false);
                for (std::size_t k = 0; k < parts.size(); ++k)
                    d += (k ? " " : "") + parts[k];
                if (op[0] == '=')
                    vars_[name] = {d};
                return {d};
            }
        }
        if (!value)
            return {"<${" + body + "}>"};
        return value->empty() ? std::vector<std::string>{""}
                              : std::vector<std::string>{value->front()};
    }

    std::string arithmetic(const std::string& expr) const {
        bool ok = true;
        const long long v = evaluateArithmetic(
            expr,
            [this](const std::string& name) -> std::optional<std::string> {
                const auto value = lookup(name);
                if (!value || value->empty())
                    return std::nullopt;
                return value->front();
            },
            ok);
        return ok ? std::to_string(v) : "<$((" + expr + "))>";
    }

    const std::string& t_;
    bool expand_;
    int line_;
    std::size_t pos_ = 0;
    std::map<std::string, std::vector<std::string>> vars_;
    const Reader* parent_ = nullptr; // a ${VAR:-default}'s reader sees its script's variables
    static constexpr std::size_t kMaxExpandedBytes = std::size_t{64} << 20;
    std::size_t ownExpanded_ = 0;
    std::size_t* expanded_ = &ownExpanded_; // shared with the readers of nested defaults
    ShellScript out_;
};

} // namespace

ShellScript readShellScript(const std::string& text) {
    return Reader(text, true, 1).script();
}

std::vector<ShellWord> splitShellWords(const std::string& text, int line) {
    return Reader(text, false, line).words();
}

std::size_t shellNameEnd(const std::string& text, std::size_t from) {
    if (from >= text.size() || !isNameStart(text[from]))
        return from;
    std::size_t end = from + 1;
    while (end < text.size() && isNameChar(text[end]))
        ++end;
    return end;
}

} // namespace podplanner::model::interop
