#pragma once
// Records every Qt warning while a test runs (and still prints it), so that a test can fail on
// messages such as 'module "Qt.labs.folderlistmodel" is not installed' that Qt only logs.
#include <QMutex>
#include <QRegularExpression>
#include <QStringList>
#include <QtGlobal>

namespace podplanner::tests {

class WarningRecorder {
  public:
    WarningRecorder() { previous_ = qInstallMessageHandler(&WarningRecorder::record); }
    ~WarningRecorder() { qInstallMessageHandler(previous_); }
    WarningRecorder(const WarningRecorder&) = delete;
    WarningRecorder& operator=(const WarningRecorder&) = delete;

    // The recorded messages that say a QML module, plugin or library is missing, and forgets
    // everything recorded so far.
    static QStringList takeMissingModules() {
        static const QRegularExpression missing(
            "is not installed|module .* not found|not a type|Cannot load library|"
            "Could not load the Qt platform plugin|plugin .* (could not|cannot) be loaded|"
            "failed to load component|Type .* unavailable",
            QRegularExpression::CaseInsensitiveOption);
        QMutexLocker lock(&mutex());
        QStringList found = messages().filter(missing);
        messages().clear();
        return found;
    }

  private:
    static void record(QtMsgType type, const QMessageLogContext& context, const QString& text) {
        if (type != QtDebugMsg && type != QtInfoMsg) {
            QMutexLocker lock(&mutex());
            messages().append(text);
        }
        previous_(type, context, text);
    }
    static QMutex& mutex() {
        static QMutex m;
        return m;
    }
    static QStringList& messages() {
        static QStringList list;
        return list;
    }
    static inline QtMessageHandler previous_ = nullptr;
};

} // namespace podplanner::tests
