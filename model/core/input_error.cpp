#include "core/input_error.h"

#include "core/message_text.h"

namespace podplanner::model {

InputError::InputError(InputErrorInfo info)
    : std::runtime_error(format(info)), info_(std::move(info)) {}

std::string InputError::format(const InputErrorInfo& info) {
    std::string text;
    if (!info.file.empty())
        text += info.file + ": ";
    text += (info.location.empty() ? std::string("/") : info.location) + ": expected " +
            info.expected + ", found " + info.found;
    if (!info.hint.empty())
        text += " (" + info.hint + ")";
    return escapeForMessage(text); // input may hold bytes that are not UTF-8
}

InputError InputError::withFile(const std::string& file) const {
    InputErrorInfo copy = info_;
    copy.file = file;
    return InputError(copy);
}

InputError InputError::withLocation(const std::string& location,
                                    const std::string& extraHint) const {
    InputErrorInfo copy = info_;
    copy.location = location;
    if (!extraHint.empty())
        copy.hint = copy.hint.empty() ? extraHint : copy.hint + "; " + extraHint;
    return InputError(copy);
}

} // namespace podplanner::model
