#include "gui_platform.h"

#include <QStringList>

#include <cstdlib>
#include <iostream>
#include <utility>

namespace podplanner::app {

namespace {

struct HeldMessage {
    QtMsgType type;
    QString text;
};
QList<HeldMessage> held;
QString failureLine;

void holdMessage(QtMsgType type, const QMessageLogContext&, const QString& text) {
    if (type != QtFatalMsg) {
        held.append({type, text});
        return;
    }
    // Qt's first complaint says why ("could not connect to display :99"); the rest is advice
    // about reinstalling plugins, which would mislead here.
    const QString reason = held.isEmpty() ? text.section('\n', 0, 0) : held.first().text;
    std::cerr << qPrintable(failureLine.arg(reason.trimmed())) << std::endl;
    std::_Exit(1);
}

} // namespace

void startPlatformOrExit(const std::function<void()>& make, const QString& line) {
    failureLine = line;
    const QtMessageHandler previous = qInstallMessageHandler(holdMessage);
    make();
    qInstallMessageHandler(previous);
    for (const HeldMessage& m : std::exchange(held, {}))
        previous(m.type, QMessageLogContext(), m.text);
}

QStringList argumentList(int argc, char** argv) {
    QStringList list;
    for (int i = 0; i < argc; ++i)
        list.append(QString::fromLocal8Bit(argv[i]));
    return list;
}

} // namespace podplanner::app
