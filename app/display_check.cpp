#include "display_check.h"

#include <cstdlib>
#include <string_view>

namespace podplanner::app {

namespace {

bool isSet(const char* variable) {
    const char* value = std::getenv(variable);
    return value && *value;
}

// A platform name without its options ("xcb:foo=1" -> "xcb").
bool platformUsable(std::string_view platform) {
    platform = platform.substr(0, platform.find(':'));
    if (platform == "xcb")
        return isSet("DISPLAY");
    if (platform.rfind("wayland", 0) == 0)
        return isSet("WAYLAND_DISPLAY");
    return !platform.empty();
}

} // namespace

bool displayAvailable() {
    if (!isSet("QT_QPA_PLATFORM"))
        return isSet("DISPLAY") || isSet("WAYLAND_DISPLAY");
    std::string_view platforms = std::getenv("QT_QPA_PLATFORM");
    while (!platforms.empty()) {
        const std::size_t end = platforms.find(';');
        if (platformUsable(platforms.substr(0, end)))
            return true;
        platforms = end == std::string_view::npos ? "" : platforms.substr(end + 1);
    }
    return false;
}

} // namespace podplanner::app
