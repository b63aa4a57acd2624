#pragma once
// Autosave and crash recovery. While the document has unsaved changes, its text is written
// atomically to a recovery file of this process every interval (a minute by default), with a
// small JSON beside it naming the project file it belongs to. A clean exit or a save removes
// them; after a crash they stay, and the next start offers them (`recoveries`) for restore.
#include <QObject>
#include <QTimer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class ProjectDocument;

class Autosaver : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(QVariantList recoveries READ recoveries NOTIFY recoveriesChanged)
    Q_PROPERTY(int intervalMs READ intervalMs WRITE setIntervalMs NOTIFY intervalMsChanged)
  public:
    static constexpr int kDefaultIntervalMs = 60'000;

    // directory: where recovery files live (defaultDirectory() unless a test chooses).
    explicit Autosaver(ProjectDocument* document, QString directory = defaultDirectory(),
                       QObject* parent = nullptr);
    ~Autosaver() override; // a clean exit: this process's recovery files go

    static QString defaultDirectory();
    QString directory() const { return directory_; }
    QString ownProjectFile() const;
    int intervalMs() const { return timer_.interval(); }
    void setIntervalMs(int ms);

    // Writes the recovery file now if the document has unsaved changes not yet written.
    // Returns true when it wrote one.
    Q_INVOKABLE bool saveNow();
    // Recovery files left by processes that are gone: {file, original, name, savedAt}.
    QVariantList recoveries() const;
    // Opens a recovery in the document (modified, saving goes to the original file) and removes
    // it from the recovery directory. False (document's errorText says why) if it cannot be read.
    Q_INVOKABLE bool restore(const QString& file);
    Q_INVOKABLE void discard(const QString& file);

  signals:
    void autosaved(const QString& file);
    void recoveriesChanged();
    void intervalMsChanged();

  private:
    void removeOwnFiles();

    ProjectDocument* document_;
    QString directory_;
    QTimer timer_;
    QByteArray lastWritten_;
};

} // namespace podplanner::views
