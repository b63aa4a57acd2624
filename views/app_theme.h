#pragma once
// Light or dark: the window's palette (which the Fusion controls draw with) and the few colours
// our own items use, one set per theme. QML reads them from the `Theme` singleton, so a theme
// change repaints everything at once; the choice is remembered ("system", "light", "dark").
#include <QColor>
#include <QObject>
#include <QPalette>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

class QQmlEngine;
class QJSEngine;

namespace podplanner::views {

class AppTheme : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Theme)
    QML_SINGLETON
    Q_PROPERTY(QString mode READ mode WRITE setMode NOTIFY changed)
    Q_PROPERTY(bool dark READ dark NOTIFY changed)
    // The palette the controls draw with, by role ("window", "text", ..., "disabledText"):
    // ThemedWindow.qml hands it to the window, from which every control and dialog inherits it.
    Q_PROPERTY(QVariantMap palette READ paletteColors NOTIFY changed)
    Q_PROPERTY(QColor text READ text NOTIFY changed)
    Q_PROPERTY(QColor textSecondary READ textSecondary NOTIFY changed)
    Q_PROPERTY(QColor textMuted READ textMuted NOTIFY changed)
    Q_PROPERTY(QColor accent READ accent NOTIFY changed)
    Q_PROPERTY(QColor accentSoft READ accentSoft NOTIFY changed)
    Q_PROPERTY(QColor good READ good NOTIFY changed)
    Q_PROPERTY(QColor bad READ bad NOTIFY changed)
    Q_PROPERTY(QColor badText READ badText NOTIFY changed)
    Q_PROPERTY(QColor badBackground READ badBackground NOTIFY changed)
    Q_PROPERTY(QColor infoText READ infoText NOTIFY changed)
    Q_PROPERTY(QColor infoBackground READ infoBackground NOTIFY changed)
    Q_PROPERTY(QColor warn READ warn NOTIFY changed)
    Q_PROPERTY(QColor card READ card NOTIFY changed)
    Q_PROPERTY(QColor panel READ panel NOTIFY changed)
    Q_PROPERTY(QColor rowAlternate READ rowAlternate NOTIFY changed)
    Q_PROPERTY(QColor border READ border NOTIFY changed)
    Q_PROPERTY(QColor neutral READ neutral NOTIFY changed)
    Q_PROPERTY(QColor overlay READ overlay NOTIFY changed)
    Q_PROPERTY(QColor sceneBackground READ sceneBackground NOTIFY changed)
    Q_PROPERTY(QColor tooltipBackground READ tooltipBackground NOTIFY changed)
    // One spacing scale for every gap, margin and padding of the window (pixels).
    Q_PROPERTY(int gapTight MEMBER kGapTight CONSTANT)
    Q_PROPERTY(int gapSmall MEMBER kGapSmall CONSTANT)
    Q_PROPERTY(int gap MEMBER kGap CONSTANT)
    Q_PROPERTY(int gapMedium MEMBER kGapMedium CONSTANT)
    Q_PROPERTY(int gapLarge MEMBER kGapLarge CONSTANT)
    Q_PROPERTY(int gapWide MEMBER kGapWide CONSTANT)
    Q_PROPERTY(int gapHuge MEMBER kGapHuge CONSTANT)

  public:
    // The one theme of the process: every QML engine sees this object.
    static AppTheme* instance();
    static AppTheme* create(QQmlEngine*, QJSEngine*);

    QString mode() const { return mode_; }
    void setMode(const QString& mode);
    bool dark() const { return dark_; }
    QVariantMap paletteColors() const;

    QColor text() const { return pick("#202124", "#e8eaed"); }
    QColor textSecondary() const { return pick("#3c4043", "#dadce0"); }
    QColor textMuted() const { return pick("#5f6368", "#a8adb3"); }
    QColor accent() const { return pick("#1a73e8", "#8ab4f8"); }
    QColor accentSoft() const { return pick("#8ab4f8", "#41679e"); }
    QColor good() const { return pick("#1e8e3e", "#81c995"); }
    QColor bad() const { return pick("#d93025", "#f28b82"); }
    QColor badText() const { return pick("#b3261e", "#f6aea9"); }
    QColor badBackground() const { return pick("#fdecea", "#4a2522"); }
    QColor infoText() const { return pick("#174ea6", "#d2e3fc"); }
    QColor infoBackground() const { return pick("#e8f0fe", "#223a5e"); }
    QColor warn() const { return pick("#e37400", "#fcad70"); }
    QColor card() const { return pick("#ffffff", "#2d2f32"); }
    QColor panel() const { return pick("#f1f3f4", "#232427"); }
    QColor rowAlternate() const { return pick("#f6f8fa", "#292b2e"); }
    QColor border() const { return pick("#dadce0", "#4a4d52"); }
    QColor neutral() const { return pick("#ced4da", "#6b7076"); }
    QColor overlay() const { return pick("#e6ffffff", "#e62d2f32"); }
    QColor sceneBackground() const { return pick("#f4f6f8", "#1b1d20"); }
    QColor tooltipBackground() const { return pick("#202124", "#3c4043"); }

    // What "system" means where Qt 6.4 cannot ask (QStyleHints::colorScheme is 6.5): a dark
    // palette from the platform theme, GTK_THEME naming a dark variant, or GNOME's
    // color-scheme setting.
    static bool systemPrefersDark(const QPalette& platform);
    static QPalette darkPalette();
    static QPalette lightPalette();

  signals:
    void changed();

  private:
    AppTheme();
    QColor pick(const char* light, const char* dark) const {
        return QColor(QLatin1String(dark_ ? dark : light));
    }
    void apply();

    int kGapTight = 2, kGapSmall = 4, kGap = 6, kGapMedium = 8, kGapLarge = 12, kGapWide = 16,
        kGapHuge = 24;
    QString mode_ = QStringLiteral("system");
    bool dark_ = false;
    QPalette platformPalette_;
    QPalette palette_; // what the controls draw with now
};

} // namespace podplanner::views
