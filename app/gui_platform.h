#pragma once
// Starting Qt's window system without a display: Qt's xcb plugin ends the program with a fatal
// message and a core dump. These check first and turn that abort into one line and exit 1.
#include <QString>
#include <QStringList>

#include <functional>

namespace podplanner::app {

// Constructs the application object (QApplication, QGuiApplication) through `make`. Qt's
// messages while it connects are held back; when the connection fails, `line` is printed with
// Qt's reason and the program exits with 1. Messages of a good start are passed on.
void startPlatformOrExit(const std::function<void()>& make, const QString& line);

// The program's arguments before Qt starts (argv[0] included), as QGuiApplication::arguments()
// would list them.
QStringList argumentList(int argc, char** argv);

} // namespace podplanner::app
