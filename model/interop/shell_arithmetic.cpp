#include "interop/shell_arithmetic.h"

#include <cctype>
#include <cstdlib>

namespace podplanner::model::interop {

namespace {

class Parser {
  public:
    Parser(const std::string& e, const ShellLookup& lookup, int depth)
        : e_(e), lookup_(lookup), depth_(depth) {}

    long long run(bool& ok) {
        const long long v = sum();
        skip();
        ok = ok_ && i_ == e_.size();
        return v;
    }

  private:
    void skip() {
        while (i_ < e_.size() && std::isspace(static_cast<unsigned char>(e_[i_])))
            ++i_;
    }
    long long sum() {
        long long v = product();
        while (true) {
            skip();
            if (i_ < e_.size() && (e_[i_] == '+' || e_[i_] == '-')) {
                const char op = e_[i_++];
                const long long r = product();
                v = op == '+' ? v + r : v - r;
            } else {
                return v;
            }
        }
    }
    long long product() {
        long long v = atom();
        while (true) {
            skip();
            if (i_ < e_.size() && (e_[i_] == '*' || e_[i_] == '/' || e_[i_] == '%')) {
                const char op = e_[i_++];
                const long long r = atom();
                if (op != '*' && r == 0) {
                    ok_ = false;
                    return 0;
                }
                v = op == '*' ? v * r : op == '/' ? v / r : v % r;
            } else {
                return v;
            }
        }
    }
    long long atom() {
        skip();
        if (i_ >= e_.size()) {
            ok_ = false;
            return 0;
        }
        if (e_[i_] == '(') {
            ++i_;
            const long long v = sum();
            skip();
            if (i_ < e_.size() && e_[i_] == ')')
                ++i_;
            else
                ok_ = false;
            return v;
        }
        if (e_[i_] == '-') {
            ++i_;
            return -atom();
        }
        if (e_[i_] == '$')
            ++i_;
        const bool brace = i_ < e_.size() && e_[i_] == '{';
        if (brace)
            ++i_;
        std::string token;
        while (i_ < e_.size() &&
               (std::isalnum(static_cast<unsigned char>(e_[i_])) || e_[i_] == '_'))
            token += e_[i_++];
        if (brace && i_ < e_.size() && e_[i_] == '}')
            ++i_;
        if (token.empty()) {
            ok_ = false;
            return 0;
        }
        if (std::isdigit(static_cast<unsigned char>(token[0])))
            return std::atoll(token.c_str());
        const auto value = lookup_(token);
        if (!value || depth_ > 16) // a variable holding an expression, not a loop of them
            return 0;
        bool ok = true;
        const long long v = Parser(*value, lookup_, depth_ + 1).run(ok);
        ok_ = ok_ && ok;
        return v;
    }

    const std::string& e_;
    const ShellLookup& lookup_;
    int depth_;
    std::size_t i_ = 0;
    bool ok_ = true;
};

} // namespace

long long evaluateArithmetic(const std::string& expr, const ShellLookup& lookup, bool& ok) {
    return Parser(expr, lookup, 0).run(ok);
}

} // namespace podplanner::model::interop
