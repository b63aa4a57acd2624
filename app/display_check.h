#pragma once
// Whether a window can open here, decided from the environment before Qt is started: without a
// display Qt's xcb plugin aborts the program (a core dump) instead of returning an error.
#include <string>

namespace podplanner::app {

// The one line the GUI prints when there is no display.
inline constexpr const char* kNoDisplayMessage =
    "no display: run under a desktop session or xvfb-run, or use a subcommand; see --help";

// QT_QPA_PLATFORM (a list separated by ';') names a platform that needs no display server
// (offscreen, vnc, eglfs...), or xcb with DISPLAY set, or wayland with WAYLAND_DISPLAY set;
// when it is unset, DISPLAY or WAYLAND_DISPLAY must be.
bool displayAvailable();

} // namespace podplanner::app
