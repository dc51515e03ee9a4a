/**
 * /user-directory/{uid}: the header band and the tabs (spec §2 User directory). The open tab lives in
 * the URL (`?tab=devices`), so Back, a pasted link and the palette's "open devices" all land on it.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { ScreenProps } from '../../routes';
import type { UserDetail } from '../../api/users';
import { useAbility } from '../../access';
import { Icon } from '../../components/ui/Icon';
import { Loading } from '../../components/ui/Loading';
import { closeUser, loadGroups, openUser, userDetail } from '../../state/user-detail';
import { forgetVerifications, loadVerifications } from '../../state/user-verifications';
import { canReadVerifications } from './rules';
import { useOnScreen } from '../../state/on-screen';
import { isTabId, visibleTabs, type TabId } from './tabs';
import { UserHeader } from './UserHeader';
import type { ListScope } from '../../resource-ui/ListScreen';
import type { Resource } from '../../../shared/resources/define';

// The generic list (and AG Grid with it) loads only when a list tab opens.
const ListScreen = lazy(async () => ({ default: (await import('../../resource-ui/ListScreen')).ListScreen }));
const ScopedList = ({ resource, scope }: { resource: Resource; scope: ListScope }) => (
  <Suspense fallback={<Loading label="Loading the list" />}><ListScreen resource={resource} scope={scope} /></Suspense>
);
import { MainInfo } from './MainInfo';
// The form controls' look (select trigger, switch, native select, pager) lives with the resource screens.
import '../../resource-ui/resource-ui.css';
import './users.css';

function UserTabs({ user }: { user: UserDetail }) {
  const tabs = visibleTabs(useAbility());
  const { revision } = useSnapshot(userDetail);
  const search = useSearch();
  const [path, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('tab');
  const selected: TabId = isTabId(wanted) && tabs.some((t) => t.id === wanted) ? wanted : 'main';
  const select = (key: Key) => {
    // A tab's list keeps its page, filters and row in the URL; they are that tab's, so another tab starts afresh.
    const q = new URLSearchParams();
    if (key !== 'main') q.set('tab', String(key));
    const qs = q.toString();
    // Replace: flipping tabs should not fill the history that Back walks through.
    navigate(qs ? `${path}?${qs}` : path, { replace: true });
  };
  return (
    <Tabs className="tabs" selectedKey={selected} onSelectionChange={select}>
      <TabList className="tablist" aria-label="User sections">
        {tabs.map((t) => <Tab key={t.id} id={t.id} className="tab">{t.title}</Tab>)}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} className="tabpanel">
          {t.scoped
            ? <ScopedList resource={t.scoped.resource}
              scope={{ params: { ...t.scoped.params, uid: user.uid }, label: t.scoped.label ?? '', hide: t.scoped.hide, revision,
                onChanged: () => void openUser(user.uid, true) }} />
            : <MainInfo user={user} />}
        </TabPanel>
      ))}
    </Tabs>
  );
}

export default function UserDetailPage({ params }: ScreenProps) {
  const uid = params.uid ?? '';
  const { user, status } = useSnapshot(userDetail);
  const readsVerifications = canReadVerifications(useAbility());
  // The user on screen, for the palette's commands that take a user ("Cancel open orders of user…").
  useOnScreen('users', user?.uid === uid ? uid : null, user?.uid === uid ? (user as unknown as Record<string, unknown>) : null);

  useEffect(() => {
    void openUser(uid);
    void loadGroups();
    return closeUser;
  }, [uid]);
  // Beside the detail, not after it: the Main Info panel shows them as soon as both have come.
  useEffect(() => {
    if (!readsVerifications) return undefined;
    void loadVerifications(uid);
    return forgetVerifications;
  }, [uid, readsVerifications]);

  if (!user || user.uid !== uid) {
    if (status === 'missing') {
      return (
        <div className="page u-page">
          <div className="u-card u-missing" role="status">
            <Icon name="users" size={28} />
            <p>No data exists.</p>
            <p className="u-muted">There is no user with UID <span className="u-mono">{uid}</span>.</p>
            <Link className="btn btn-secondary btn-sm" href="/user-directory">Back to User Directory</Link>
          </div>
        </div>
      );
    }
    return <Loading label="Loading user" />;
  }
  return (
    <div className="page u-page">
      <UserHeader user={user as UserDetail} />
      <UserTabs user={user as UserDetail} />
    </div>
  );
}
