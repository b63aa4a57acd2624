#include "autosaver.h"

#include "core/atomic_file.h"
#include "project_document.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

namespace podplanner::views {

namespace {

QString metaFileOf(const QString& projectFile) {
    return projectFile.chopped(QStringLiteral(".podplanner").size()) + QStringLiteral(".json");
}

QByteArray processName(qint64 pid) {
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
    return comm.open(QIODevice::ReadOnly) ? comm.readAll().trimmed() : QByteArray{};
}

// A recovery file belongs to a live process when its pid still runs the program that wrote it
// (a pid reused by another program after a reboot does not count).
bool ownerIsAlive(qint64 pid, const QString& program) {
    const QByteArray name = processName(pid);
    return !name.isEmpty() && QString::fromLocal8Bit(name) == program;
}

} // namespace

Autosaver::Autosaver(ProjectDocument* document, QString directory, QObject* parent)
    : QObject(parent), document_(document), directory_(std::move(directory)) {
    timer_.setInterval(kDefaultIntervalMs);
    connect(&timer_, &QTimer::timeout, this, &Autosaver::saveNow);
    timer_.start();
    // Saved (or a fresh project opened): nothing is left to recover.
    connect(document_, &ProjectDocument::modifiedChanged, this, [this] {
        if (!document_->modified())
            removeOwnFiles();
    });
}

Autosaver::~Autosaver() {
    removeOwnFiles();
}

QString Autosaver::defaultDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

QString Autosaver::ownProjectFile() const {
    return QStringLiteral("%1/recovery-%2.podplanner")
        .arg(directory_)
        .arg(QCoreApplication::applicationPid());
}

void Autosaver::setIntervalMs(int ms) {
    if (ms <= 0 || ms == timer_.interval())
        return;
    timer_.setInterval(ms);
    emit intervalMsChanged();
}

bool Autosaver::saveNow() {
    if (!document_->loaded() || !document_->modified())
        return false;
    const QByteArray text = document_->projectText();
    if (text == lastWritten_)
        return false;
    const QJsonObject meta{
        {"original", document_->filePath()},
        {"name", document_->projectName()},
        {"savedAt", QDateTime::currentDateTime().toString(Qt::ISODate)},
        {"program", QString::fromLocal8Bit(processName(QCoreApplication::applicationPid()))}};
    try {
        QDir().mkpath(directory_);
        // The project first: a meta file always names a complete project.
        model::writeFileAtomically(ownProjectFile().toStdString(), text.toStdString());
        model::writeFileAtomically(metaFileOf(ownProjectFile()).toStdString(),
                                   QJsonDocument(meta).toJson().toStdString());
    } catch (const std::exception& e) {
        qWarning("autosave failed: %s", e.what()); // the next tick tries again
        return false;
    }
    lastWritten_ = text;
    emit autosaved(ownProjectFile());
    return true;
}

QVariantList Autosaver::recoveries() const {
    QVariantList list;
    const QDir dir(directory_);
    const auto files =
        dir.entryInfoList({QStringLiteral("recovery-*.podplanner")}, QDir::Files, QDir::Time);
    for (const QFileInfo& file : files) {
        bool ok = false;
        const qint64 pid =
            file.completeBaseName().mid(QStringLiteral("recovery-").size()).toLongLong(&ok);
        if (!ok || pid == QCoreApplication::applicationPid())
            continue;
        QFile metaFile(metaFileOf(file.absoluteFilePath()));
        const QJsonObject meta = metaFile.open(QIODevice::ReadOnly)
                                     ? QJsonDocument::fromJson(metaFile.readAll()).object()
                                     : QJsonObject{};
        if (ownerIsAlive(pid, meta.value("program").toString()))
            continue;
        list.append(QVariantMap{{"file", file.absoluteFilePath()},
                                {"original", meta.value("original").toString()},
                                {"name", meta.value("name").toString()},
                                {"savedAt", meta.value("savedAt").toString(
                                                file.lastModified().toString(Qt::ISODate))}});
    }
    return list;
}

bool Autosaver::restore(const QString& file) {
    QString original;
    for (const QVariant& r : recoveries())
        if (r.toMap().value("file").toString() == file)
            original = r.toMap().value("original").toString();
    if (!document_->restoreRecovered(file, original))
        return false;
    discard(file);
    saveNow(); // the restored edits are this process's to protect now
    return true;
}

void Autosaver::discard(const QString& file) {
    if (!file.endsWith(QStringLiteral(".podplanner")))
        return;
    QFile::remove(file);
    QFile::remove(metaFileOf(file));
    // A crash in the middle of an atomic write leaves its temporary file behind.
    const QFileInfo info(file);
    const QDir dir = info.absoluteDir();
    for (const QString& leftover :
         dir.entryList({info.completeBaseName() + QStringLiteral(".*.tmp-*")}, QDir::Files))
        QFile::remove(dir.filePath(leftover));
    emit recoveriesChanged();
}

void Autosaver::removeOwnFiles() {
    lastWritten_.clear();
    QFile::remove(ownProjectFile());
    QFile::remove(metaFileOf(ownProjectFile()));
}

} // namespace podplanner::views
