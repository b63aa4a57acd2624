#include "interop/maxtext_input.h"

#include <sstream>

namespace podplanner::model::interop {

namespace {

// Hand-written scanners, not std::regex, which recurses once per character and overflows the
// stack on a long word or line (a fuzzer's find). MaxText's keys are shell names.

std::size_t skipBlanks(const std::string& s, std::size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    return i;
}

// key=value, the key a name.
bool isOverride(const std::string& word, std::string& key, std::string& value) {
    const std::size_t end = shellNameEnd(word, 0);
    if (end == 0 || end >= word.size() || word[end] != '=')
        return false;
    key = word.substr(0, end);
    value = word.substr(end + 1);
    return true;
}

// "key: value" (YAML), the key a name at the start of the line ending at `keyEnd`; the index
// just after the colon, or npos.
std::size_t yamlPairValue(const std::string& line, std::size_t keyEnd) {
    if (keyEnd == 0)
        return std::string::npos;
    const std::size_t colon = skipBlanks(line, keyEnd);
    if (colon >= line.size() || line[colon] != ':')
        return std::string::npos;
    return colon + 1;
}

std::string unquote(std::string v) {
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
        v.pop_back();
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        return v.substr(1, v.size() - 2);
    return v;
}

void collectOverrides(const std::vector<ShellWord>& words, FlagList& into) {
    for (const auto& w : words) {
        std::string key, value;
        if (!isOverride(w.text, key, value))
            continue;
        bool seen = false; // the same args written for xpk and for a direct run
        for (const auto& f : into.all())
            seen = seen || (f.name == key && f.value == value);
        if (!seen)
            into.add(key, value, true, w.line);
    }
}

bool isMaxTextCommand(const std::vector<ShellWord>& words) {
    for (const auto& w : words)
        if (w.text.find("maxtext") != std::string::npos ||
            w.text.find("MaxText") != std::string::npos ||
            (w.text.size() > 4 && w.text.compare(w.text.size() - 4, 4, ".yml") == 0))
            return true;
    return false;
}

void readXpk(const std::vector<ShellWord>& words, MaxTextInput& in) {
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i].text;
        if (w.rfind("--", 0) != 0)
            continue;
        std::string name = w, value;
        bool hasValue = false;
        const std::size_t eq = w.find('=');
        if (eq != std::string::npos) {
            name = w.substr(0, eq);
            value = w.substr(eq + 1);
            hasValue = true;
        } else if (i + 1 < words.size() && words[i + 1].text.rfind("--", 0) != 0) {
            value = words[++i].text;
            hasValue = true;
        }
        if (name == "--command") {
            const auto inner = splitShellWords(value, words[i].line);
            collectOverrides(inner, in.overrides);
        } else {
            in.xpk.add(name, value, hasValue, words[i].line);
        }
    }
}

MaxTextInput readYaml(const std::string& text) {
    MaxTextInput in;
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        const std::size_t hash = line.find('#');
        if (hash != std::string::npos) {
            in.comments.push_back({line.substr(hash + 1), number});
            // a '#' inside quotes is rare in these files; MaxText's own YAML has none
            line = line.substr(0, hash);
        }
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        const std::size_t keyEnd = shellNameEnd(line, 0);
        if (const std::size_t value = yamlPairValue(line, keyEnd); value != std::string::npos)
            in.overrides.add(line.substr(0, keyEnd), unquote(line.substr(skipBlanks(line, value))),
                             true, number);
        else
            in.skipped.push_back(line + " (line " + std::to_string(number) + ")");
    }
    return in;
}

bool looksLikeYaml(const std::string& text) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const std::size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#')
            continue;
        // "key:" alone or followed by a blank (a YAML mapping, not a shell "a:b" word).
        const std::size_t value = yamlPairValue(line, shellNameEnd(line, 0));
        return value != std::string::npos &&
               (value == line.size() || line[value] == ' ' || line[value] == '\t');
    }
    return false;
}

} // namespace

MaxTextInput readMaxTextInput(const std::string& text) {
    if (looksLikeYaml(text))
        return readYaml(text);
    MaxTextInput in;
    const ShellScript script = readShellScript(text);
    in.comments = script.comments;
    if (const auto libtpu = script.variables.find("LIBTPU_INIT_ARGS");
        libtpu != script.variables.end())
        for (const auto& part : libtpu->second)
            in.libtpuArgs += (in.libtpuArgs.empty() ? "" : " ") + part;
    for (const auto& cmd : script.commands) {
        bool xpk = false;
        for (std::size_t i = 0; i + 1 < cmd.words.size(); ++i)
            if (cmd.words[i].text == "xpk" && cmd.words[i + 1].text == "workload")
                xpk = true;
        if (xpk)
            readXpk(cmd.words, in);
        else if (isMaxTextCommand(cmd.words))
            collectOverrides(cmd.words, in.overrides);
    }
    return in;
}

} // namespace podplanner::model::interop
